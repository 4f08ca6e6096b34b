import type { LivechatConfigView } from '@omnicare/shared/conversations/livechat.schemas';
import { textOn, safeColour } from '../lib/colour';
import { h, icon, style } from '../lib/dom';
import { ICON } from '../lib/icons';
import { LAUNCHER_CSS } from './launcher-css';

export const LAUNCHER_LABEL = { open: 'Mở khung chat', close: 'Đóng khung chat' } as const;

export interface Launcher {
  shadow: ShadowRoot;
  container: HTMLElement;
  button: HTMLButtonElement;
  setOpen(open: boolean): void;
  setBusy(busy: boolean): void;
}

/**
 * The bubble in the page's corner, inside a shadow root of its own element: the page's CSS does
 * not reach in (`:host{all:initial}` cuts inheritance) and ours does not reach out.
 */
export function drawLauncher(config: LivechatConfigView): Launcher {
  const host = document.createElement('omnicare-livechat');
  const shadow = host.attachShadow({ mode: 'open' });
  const colour = safeColour(config.color);
  const button = h('button', {
    type: 'button',
    class: 'oc-launcher',
    'aria-label': LAUNCHER_LABEL.open,
    'aria-expanded': 'false',
    'aria-haspopup': 'dialog',
  });
  const chat = icon(ICON.chat, 28);
  chat.classList.add('oc-i-chat');
  const close = icon(ICON.close, 28);
  close.classList.add('oc-i-close');
  button.append(chat, close);
  const root = h(
    'div',
    {
      class: `oc oc-${config.position === 'left' ? 'left' : 'right'}`,
      style: `--oc:${colour};--oc-text:${textOn(colour)}`,
    },
    button,
  );
  shadow.append(style(LAUNCHER_CSS), root);
  document.body.appendChild(host);
  return {
    shadow,
    container: root,
    button,
    setOpen(open) {
      root.classList.toggle('oc-open', open);
      button.setAttribute('aria-label', open ? LAUNCHER_LABEL.close : LAUNCHER_LABEL.open);
      button.setAttribute('aria-expanded', String(open));
    },
    setBusy(busy) {
      button.setAttribute('aria-busy', String(busy));
    },
  };
}
