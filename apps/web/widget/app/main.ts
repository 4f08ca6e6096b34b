import type { AppHost } from '../handoff';
import { APP_GLOBAL } from '../handoff';
import { style } from '../lib/dom';
import { APP_CSS } from './app-css';
import { mountWidget } from './controller';

/** `widget/app.<hash>.js`: the opened widget, mounted by the loader into its shadow root. */
(window as AppHost)[APP_GLOBAL] = {
  mount(context) {
    context.root.append(style(APP_CSS));
    return mountWidget(context);
  },
};
