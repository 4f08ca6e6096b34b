import { h, icon } from '../../lib/dom';
import { ICON } from '../../lib/icons';

/** The panel's frame: the header (avatar, title, who answers), a notice line, and the body. */
export function createPanel(title: string, base: string, close: () => void) {
  const avatar = h('div', { class: 'oc-avatar', 'aria-hidden': 'true' });
  const dot = h('span', { class: 'oc-dot' });
  const subtitle = h('span');
  const closeButton = h('button', {
    type: 'button',
    class: 'oc-icon-btn',
    'aria-label': 'Đóng khung chat',
    title: 'Đóng',
  });
  closeButton.append(icon(ICON.close));
  closeButton.addEventListener('click', close);
  const heading = h('h2', { class: 'oc-title', id: 'oc-title' }, title);
  const head = h(
    'div',
    { class: 'oc-head' },
    avatar,
    h('div', { class: 'oc-titles' }, heading, h('p', { class: 'oc-sub' }, dot, subtitle)),
    closeButton,
  );
  const banner = h('div', { class: 'oc-banner', role: 'status', hidden: true });
  const body = h('div', { class: 'oc-body' });
  const drop = h('div', { class: 'oc-drop', hidden: true }, 'Thả tệp vào đây để gửi');
  const element = h(
    'div',
    { class: 'oc-panel', role: 'dialog', 'aria-labelledby': 'oc-title', 'aria-modal': 'false' },
    head,
    banner,
    body,
  );
  let avatarKey = '';

  return {
    element,
    drop,
    setAvatar(url: string | null, name: string) {
      const key = `${url}|${name}`;
      if (key === avatarKey) return;
      avatarKey = key;
      const initial = () => {
        avatar.textContent = (name.trim()[0] || '?').toUpperCase();
      };
      avatar.textContent = '';
      if (!url) return initial();
      const image = h('img', { alt: '', src: new URL(url, base).href });
      image.addEventListener('error', initial);
      avatar.append(image);
    },
    setSubtitle(text: string, online: boolean) {
      subtitle.textContent = text;
      dot.classList.toggle('oc-off', !online);
    },
    setBanner(text: string) {
      banner.textContent = text;
      banner.hidden = !text;
    },
    setContent(...nodes: Node[]) {
      while (body.firstChild) body.removeChild(body.firstChild);
      body.append(...nodes, drop);
    },
  };
}
