import type { LivechatConfigView } from '@omnicare/shared/conversations/livechat.schemas';

/**
 * How the loader (`widget.js`) hands over to the opened widget (`widget/app.<hash>.js`): the app
 * file, loaded with a classic `<script>` (no CORS), puts its `mount` on this global, and the loader
 * calls it with what it already has.
 */
export const APP_GLOBAL = '__omnicareLivechatApp';

export interface WidgetContext {
  /** The OmniCare server's origin (the loader script's own). */
  base: string;
  channel: string;
  config: LivechatConfigView;
  root: ShadowRoot;
  /** The element in the shadow root that holds the launcher; the panel goes beside it. */
  container: HTMLElement;
  /** The loader's launcher: the app keeps its label and state in step with the panel. */
  setLauncherOpen(open: boolean): void;
  launcher: HTMLButtonElement;
}

export interface WidgetApp {
  mount(context: WidgetContext): WidgetController;
}

export interface WidgetController {
  toggle(): void;
  open(): void;
}

export type AppHost = Window & { [APP_GLOBAL]?: WidgetApp };
