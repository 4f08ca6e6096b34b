import type { LivechatConfigView, VisitorMessageView } from './contract';

/** A message as the server answers it; tests override what they are about. */
export function serverMessage(fields: Partial<VisitorMessageView> = {}): VisitorMessageView {
  return {
    _id: `m-${Math.random().toString(36).slice(2)}`,
    client_message_id: null,
    direction: 'out',
    author_name: 'Nguyễn Thu Trang',
    author_avatar_url: null,
    kind: 'text',
    body: 'Xin chào',
    attachments: [],
    seen: false,
    created_at: '2025-03-10T03:00:00.000Z',
    ...fields,
  };
}

export function widgetConfig(fields: Partial<LivechatConfigView> = {}): LivechatConfigView {
  return {
    channel_id: 'c1',
    title: 'Hỗ trợ trực tuyến',
    color: '#1F6FEB',
    position: 'right',
    avatar_url: null,
    greeting: 'Xin chào! Chúng tôi có thể giúp gì?',
    offline_message: 'Hiện đang ngoài giờ làm việc',
    pre_chat: { name: 'required', phone: 'optional', email: 'optional' },
    online: true,
    survey: { enabled: true, question: 'Anh/chị hài lòng chứ?' },
    ...fields,
  };
}
