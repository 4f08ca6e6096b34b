import { describe, expect, it, vi } from 'vitest';
import { serverMessage } from '../test-fixtures';
import { createMessageList } from './message-list';

const list = () =>
  createMessageList({
    objectUrl: vi.fn(() => new Promise<string>(() => undefined)),
    retry: vi.fn(),
  });

describe('the message list', () => {
  it('shows markup in a message as text, never as markup', () => {
    const view = list();
    const body = '<img src=x onerror=alert(1)>';
    view.render([serverMessage({ body, author_name: '<b>Agent</b>' })], false);
    expect(view.element.querySelector('img')).toBeNull();
    expect(view.element.querySelector('b')).toBeNull();
    expect(view.element.querySelector('.oc-text')?.textContent).toBe(body);
    expect(view.element.querySelector('.oc-author')?.textContent).toBe('<b>Agent</b>');
  });

  it('names an attachment as text too, and shows a file with its size', () => {
    const view = list();
    const attachment = {
      _id: 'f1',
      file_name: '"><svg onload=alert(1)>.pdf',
      content_type: 'application/pdf',
      size: 248_320,
      url: '/v2/livechat/c1/attachments/f1',
    };
    view.render([serverMessage({ body: '', kind: 'file', attachments: [attachment] })], false);
    expect(view.element.querySelectorAll('svg').length).toBe(1); // the file icon only
    expect(view.element.querySelector('.oc-file')?.textContent).toBe(
      `${attachment.file_name}243 KB`,
    );
  });

  it("shows the visitor's state on their last message and the agent's name once per run", () => {
    const view = list();
    view.render(
      [
        serverMessage({ _id: '1', body: 'Chào anh' }),
        serverMessage({ _id: '2', body: 'Em giúp gì được ạ?' }),
        serverMessage({ _id: '3', direction: 'in', body: 'Còn hàng không?', seen: true }),
      ],
      true,
    );
    expect(view.element.querySelectorAll('.oc-author')).toHaveLength(1);
    expect(view.element.querySelector('.oc-row-in .oc-meta')?.textContent).toContain('Đã xem');
    expect(view.element.querySelector('.oc-typing')).not.toBeNull();
  });

  it('keeps the row of an unchanged message when it draws again (images load once)', () => {
    const view = list();
    const message = serverMessage({ _id: '1' });
    view.render([message], false);
    const row = view.element.querySelector('.oc-row');
    view.render([message, serverMessage({ _id: '2', body: 'Tiếp' })], false);
    expect(view.element.querySelector('.oc-row')).toBe(row);
  });
});
