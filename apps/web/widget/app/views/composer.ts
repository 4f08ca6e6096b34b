import { h, icon } from '../../lib/dom';
import { ICON } from '../../lib/icons';
import { ACCEPT } from '../files';

export interface ComposerOptions {
  /** Answers an error to show, or nothing when the text was taken. */
  send(text: string): string | void;
  files(files: File[]): void;
  typing(): void;
}

/** The writing box: Enter sends, Shift+Enter breaks the line; files by button or paste. */
export function createComposer(options: ComposerOptions) {
  const text = h('textarea', {
    rows: 1,
    placeholder: 'Nhập tin nhắn…',
    'aria-label': 'Nhập tin nhắn',
  });
  const picker = h('input', { type: 'file', accept: ACCEPT, multiple: true, hidden: true });
  const attach = h('button', {
    type: 'button',
    class: 'oc-icon-btn',
    'aria-label': 'Đính kèm tệp',
    title: 'Đính kèm tệp',
  });
  attach.append(icon(ICON.clip));
  const send = h('button', {
    type: 'button',
    class: 'oc-icon-btn oc-send',
    'aria-label': 'Gửi',
    title: 'Gửi',
    disabled: true,
  });
  send.append(icon(ICON.send, 18));
  const error = h('p', { class: 'oc-error', role: 'alert' });
  const element = h(
    'div',
    { class: 'oc-composer' },
    h('div', { class: 'oc-compose-row' }, attach, text, send),
    picker,
    error,
    h('p', { class: 'oc-brand' }, 'Cung cấp bởi OmniCare'),
  );

  const fit = () => {
    text.style.height = 'auto';
    text.style.height = `${Math.min(text.scrollHeight, 120)}px`;
    send.disabled = !text.value.trim();
  };
  const submit = () => {
    const problem = options.send(text.value);
    error.textContent = problem || '';
    if (!problem) {
      text.value = '';
      fit();
    }
    text.focus();
  };

  text.addEventListener('keydown', (event) => {
    // Vietnamese input methods compose with Enter too: never send mid-composition.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      submit();
    }
  });
  text.addEventListener('input', () => {
    fit();
    error.textContent = '';
    if (text.value.trim()) options.typing();
  });
  text.addEventListener('paste', (event) => {
    const files = Array.from((event.clipboardData && event.clipboardData.files) || []);
    if (files.length) {
      event.preventDefault();
      options.files(files);
    }
  });
  send.addEventListener('click', submit);
  attach.addEventListener('click', () => picker.click());
  picker.addEventListener('change', () => {
    options.files(Array.from(picker.files || []));
    picker.value = '';
  });

  return {
    element,
    focus: () => text.focus(),
    showError(message: string) {
      error.textContent = message;
    },
  };
}
