import type { LivechatConfigView } from '@omnicare/shared/conversations/livechat.schemas';
import type { AppHost, WidgetController } from '../handoff';
import { APP_GLOBAL } from '../handoff';
import { readRecord } from '../lib/storage';
import { drawLauncher } from './launcher';

/**
 * `widget.js`: `<script src="{server}/widget.js" data-channel="…" async>`. Reads the channel's
 * look, draws the launcher, and loads the opened widget only when the visitor wants it (or
 * when the panel was open before this page loaded).
 */
const script = (document.currentScript ||
  document.querySelector('script[data-channel][src*="widget.js"]')) as HTMLScriptElement | null;

if (script && script.getAttribute('data-channel')) {
  const channel = script.getAttribute('data-channel') as string;
  const base = new URL(script.src, location.href).origin;
  const ready = (run: () => void) =>
    document.body ? run() : document.addEventListener('DOMContentLoaded', run);
  fetch(`${base}/v2/livechat/${encodeURIComponent(channel)}/config`)
    .then((response) =>
      response.json().then((body: { data?: LivechatConfigView; message?: string }) => {
        if (!response.ok || !body.data) throw new Error(body.message || String(response.status));
        ready(() => start(base, channel, body.data as LivechatConfigView));
      }),
    )
    .catch((error: Error) => console.warn('OmniCare livechat:', error.message));
}

function start(base: string, channel: string, config: LivechatConfigView): void {
  const launcher = drawLauncher(config);
  let controller: WidgetController | undefined;
  let loading: Promise<void> | undefined;

  const loadApp = () =>
    (loading ||= new Promise<void>((resolve, reject) => {
      const host = window as AppHost;
      if (host[APP_GLOBAL]) return resolve();
      const element = document.createElement('script');
      element.src = `${base}/${__WIDGET_APP__}`;
      element.async = true;
      element.onload = () => resolve();
      element.onerror = () => {
        loading = undefined;
        reject(new Error('app'));
      };
      document.head.appendChild(element);
    }));

  const open = () => {
    if (controller) return controller.toggle();
    launcher.setBusy(true);
    loadApp()
      .then(() => {
        const app = (window as AppHost)[APP_GLOBAL];
        controller ||= app?.mount({
          base,
          channel,
          config,
          root: launcher.shadow,
          container: launcher.container,
          launcher: launcher.button,
          setLauncherOpen: launcher.setOpen,
        });
        controller?.open();
      })
      .catch(() => console.warn('OmniCare livechat: không tải được khung chat'))
      .then(() => launcher.setBusy(false));
  };

  launcher.button.addEventListener('click', open);
  // Fetch the rest while the pointer is on its way to a click.
  const preload = () => void loadApp().catch(() => undefined);
  launcher.button.addEventListener('pointerenter', preload, { once: true });
  launcher.button.addEventListener('focus', preload, { once: true });
  if (readRecord(channel).open) open();
}
