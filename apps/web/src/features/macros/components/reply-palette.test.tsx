import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { z } from 'zod';
import type { ApiRequest } from '@/lib/http';
import type { Editor } from '@tiptap/react';
import { tagGroupView } from '@omnicare/shared/customers/customers.schemas';
import {
  macroApplied,
  macroView,
  ticketPlaceholderValues,
  type Macro,
} from '@omnicare/shared/macros/macros.schemas';
import { createdBody, listBody, okBody } from '@omnicare/shared/platform/envelope';
import {
  messageTemplateView,
  type MessageTemplate,
} from '@omnicare/shared/templates/templates.schemas';
import { priorityView, ticketTypeView } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { ticketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { ticketDetailView } from '@omnicare/shared/tickets/tickets.schemas';
import { created, fixture, list, mockApi, ok } from '@/test/contract-fixtures';
import { signInAs } from '@/test/signed-in';
import { TicketConversation } from '@/features/tickets/components/ticket-conversation';
import { searchPalette, type PaletteItem } from './reply-palette';

// jsdom lays nothing out; the editor scrolls the caret into view after inserting.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Element.prototype.getClientRects ??= noRects;

const AT = '2026-01-01T00:00:00.000Z';
const TAG_VIP = '5e0c7a1b-2d3f-4a5b-8c6d-7e8f9a0b1c2d';

const macro = (fields: Partial<Macro>): Macro =>
  fixture('GET /v2/macros', macroView, {
    _id: 'm1',
    name: 'Chờ khách phản hồi',
    body: 'Chào {{customer.name}}, em chờ phản hồi về {{ticket.code}}.',
    actions: { status: 'pending', add_tag_ids: [TAG_VIP] },
    shared: true,
    owner: { _id: 'admin', name: 'Quản trị' },
    editable: false,
    usage_count: 3,
    created_at: AT,
    updated_at: AT,
    ...fields,
  });

const MACROS = [
  macro({}),
  macro({ _id: 'm2', name: 'Nhận xử lý', body: '', actions: { assignee: 'me' } }),
];

const template = (fields: Partial<MessageTemplate>): MessageTemplate =>
  fixture('GET /v2/templates/user/:id', messageTemplateView, {
    _id: 'tpl1',
    kind: 'chat',
    name: 'Lời chào',
    catalog_id: null,
    catalog_name: null,
    content: 'Xin chào {{customer.name}} ({{customer.email}})',
    subject: null,
    shortcut: '/chao',
    zns_template_id: null,
    wa_template_name: null,
    wa_language: null,
    visibility: 'everyone',
    departments: [],
    active: true,
    owner: null,
    placeholders: ['customer.name', 'customer.email'],
    created_at: AT,
    updated_at: AT,
    ...fields,
  });

const TEMPLATES = [
  template({}),
  template({ _id: 'sms', kind: 'sms', name: 'SMS nhắc cước', shortcut: null }),
];

/** The ticket as the macro left it. */
const CHANGED_TICKET = fixture('POST /v2/tickets/:id/macros/:macroId', ticketDetailView, {
  _id: 'T1',
  code: '#000042',
  number: 42,
  subject: 'Mất mạng',
  status: 'pending',
  priority: null,
  type: null,
  service: null,
  group: null,
  requester: { _id: 'c1', name: 'Lê Thị Hoa' },
  assignee: null,
  source: 'hand',
  tags: [{ _id: TAG_VIP, name: 'VIP' }],
  due_at: null,
  sla_due_at: null,
  sla_breached_at: null,
  created_at: AT,
  updated_at: AT,
  description: '',
  organization: null,
  followers: [],
  cc: [],
  custom: {},
  created_by: null,
  updated_by: null,
  first_response_at: AT,
  solved_at: null,
  closed_at: null,
  reopen_count: 0,
  reply_count: 1,
  merged_into: null,
});

/** The reply the server stores. */
const SENT = fixture('POST /v2/tickets/:id/comments', ticketCommentView, {
  _id: 'c9',
  ticket_id: 'T1',
  channel_id: null,
  author_type: 'user',
  author: { _id: 'agent', name: 'agent', avatar_url: null },
  direction: 'out',
  kind: 'text',
  body_format: 'html',
  body: '<p>Xin chào Lê Thị Hoa ()</p>',
  public: true,
  mentions: [],
  attachments: [],
  provider_message_id: null,
  client_message_id: null,
  delivery: null,
  created_at: AT,
});

const CONTRACTS = {
  'GET /v2/tickets/:id/comments': listBody(ticketCommentView),
  'POST /v2/tickets/:id/comments': createdBody(ticketCommentView),
  'GET /v2/macros': okBody(z.array(macroView)),
  'GET /v2/templates/user/:id': listBody(messageTemplateView),
  'GET /v2/tickets/:id/placeholders': okBody(ticketPlaceholderValues),
  'GET /v2/group-tag-customer': okBody(z.array(tagGroupView)),
  'GET /v2/priorities': listBody(priorityView),
  'GET /v2/types': listBody(ticketTypeView),
  'POST /v2/tickets/:id/macros/:macroId': okBody(macroApplied),
};

function mockServer() {
  return mockApi(CONTRACTS, (config: ApiRequest) => {
    const { method = 'GET', url } = config;
    if (url === '/v2/tickets/T1/comments' && method === 'GET') return list([]);
    if (url === '/v2/macros') return ok(MACROS);
    if (url === '/v2/templates/user/agent') return list(TEMPLATES);
    // customer.email is missing: it stays empty.
    if (url === '/v2/tickets/T1/placeholders')
      return ok({ 'customer.name': 'Lê Thị Hoa', 'ticket.code': '#000042' });
    if (url === '/v2/group-tag-customer')
      return ok([
        {
          _id: 'g',
          name: 'Nhóm',
          tags: [{ _id: TAG_VIP, name: 'VIP' }],
          raw_tags: ['VIP'],
          customer_count: 0,
        },
      ]);
    if (url === '/v2/priorities' || url === '/v2/types') return list([]);
    if (url === '/v2/tickets/T1/macros/m1')
      return ok({ ticket: CHANGED_TICKET, comment: null }, 'Đã áp dụng macro');
    if (url === '/v2/tickets/T1/comments') return created(SENT, 'Đã gửi');
    return ok(null);
  });
}

function renderConversation() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSent = vi.fn();
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <TicketConversation
          ticketId="T1"
          tabKey={`ticket:T1:${Math.random()}`}
          closed={false}
          onTyping={() => undefined}
          onSent={onSent}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { onSent };
}

/** Types into the reply editor as the agent would (the editor's own commands, jsdom has no IME). */
async function typeInEditor(text: string) {
  const box = await screen.findByRole('textbox', { name: 'Trả lời công khai' });
  const editor = (box as HTMLElement & { editor: Editor }).editor;
  act(() => {
    editor.chain().focus('end').insertContent(text).run();
  });
  return { box, editor };
}

const requests = (request: ReturnType<typeof mockServer>) =>
  request.mock.calls.map(([config]) => config as ApiRequest);

beforeEach(() => {
  signInAs('agent');
});
afterEach(() => vi.restoreAllMocks());

describe('searchPalette', () => {
  const items: PaletteItem[] = [
    { kind: 'macro', id: 'm1', name: 'Chờ khách phản hồi', text: '', macro: MACROS[0]! },
    { kind: 'template', id: 't1', name: 'Lời chào', text: '', shortcut: '/chao' },
    { kind: 'template', id: 't2', name: 'Cảm ơn', text: '', shortcut: '/camon' },
  ];
  it('finds by words of the name without diacritics, or by the start of a shortcut', () => {
    expect(searchPalette(items, 'cho phan').map((item) => item.id)).toEqual(['m1']);
    expect(searchPalette(items, 'ch').map((item) => item.id)).toEqual(['m1', 't1']);
    expect(searchPalette(items, 'cam').map((item) => item.id)).toEqual(['t2']);
    expect(searchPalette(items, '').map((item) => item.id)).toEqual(['m1', 't1', 't2']);
    expect(searchPalette(items, 'xyz')).toEqual([]);
  });
});

describe('the reply box palette', () => {
  it('previews a macro filled for the ticket, inserts it on Enter, and sends through the macro', async () => {
    const request = mockServer();
    const { onSent } = renderConversation();
    const { box } = await typeInEditor('/chờ');

    const palette = await screen.findByTestId('reply-palette');
    const options = within(palette).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Chờ khách phản hồi'),
    ]);
    // Where everyone writes their own macros (agents have no settings menu).
    expect(within(palette).getByRole('link', { name: 'Quản lý macro' })).toHaveAttribute(
      'href',
      '/macros',
    );
    const preview = within(palette).getByTestId('reply-palette-preview');
    await waitFor(() =>
      expect(preview).toHaveTextContent('Chào Lê Thị Hoa, em chờ phản hồi về #000042.'),
    );
    expect(preview).toHaveTextContent('Trạng thái → Đang chờ');
    await waitFor(() => expect(preview).toHaveTextContent('+ tag VIP'));

    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByTestId('reply-palette')).not.toBeInTheDocument());
    expect(box).toHaveTextContent('Chào Lê Thị Hoa, em chờ phản hồi về #000042.');
    expect(box).not.toHaveTextContent('/chờ');
    expect(screen.getByTestId('macro-chip')).toHaveTextContent(
      'Macro: Chờ khách phản hồi · Trạng thái → Đang chờ, + tag VIP',
    );

    // The agent edits the text, then sends: one request to the macro endpoint with the HTML.
    await typeInEditor(' Cảm ơn!');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(CHANGED_TICKET));
    const writes = requests(request).filter((config) => config.method === 'POST');
    expect(writes).toHaveLength(1);
    expect(writes[0]?.url).toBe('/v2/tickets/T1/macros/m1');
    expect((writes[0]?.data as { body: string }).body).toBe(
      '<p>Chào Lê Thị Hoa, em chờ phản hồi về #000042. Cảm ơn!</p>',
    );
    expect(screen.queryByTestId('macro-chip')).not.toBeInTheDocument();
  });

  it('moves with the arrows, inserts a template by its shortcut, and sends an ordinary reply', async () => {
    const request = mockServer();
    renderConversation();
    const { box } = await typeInEditor('Dạ /');
    const palette = await screen.findByTestId('reply-palette');
    await waitFor(() => expect(within(palette).getAllByRole('option')).toHaveLength(3));
    // SMS templates are not offered in a ticket reply.
    expect(palette).not.toHaveTextContent('SMS nhắc cước');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(within(palette).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    expect(within(palette).getByTestId('reply-palette-preview')).toHaveTextContent(
      'Xin chào Lê Thị Hoa ()',
    );
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('reply-palette')).not.toBeInTheDocument());

    await typeInEditor(' /cha');
    await screen.findByTestId('reply-palette');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box).toHaveTextContent('Xin chào Lê Thị Hoa ()'));
    expect(screen.queryByTestId('macro-chip')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Gửi' }));
    await waitFor(() =>
      expect(requests(request).some((config) => config.method === 'POST')).toBe(true),
    );
    const post = requests(request).find((config) => config.method === 'POST');
    expect(post?.url).toBe('/v2/tickets/T1/comments');
  });

  it("following 'Quản lý macro' takes the typed '/…' out of the draft", async () => {
    mockServer();
    renderConversation();
    const { box } = await typeInEditor('Dạ anh /ch');
    const palette = await screen.findByTestId('reply-palette');
    await userEvent.click(within(palette).getByRole('link', { name: 'Quản lý macro' }));
    expect(screen.queryByTestId('reply-palette')).not.toBeInTheDocument();
    expect(box).toHaveTextContent('Dạ anh');
    expect(box).not.toHaveTextContent('/ch');
  });

  it('in an internal note inserts a macro as text only, without its changes', async () => {
    mockServer();
    renderConversation();
    await userEvent.click(await screen.findByRole('tab', { name: 'Ghi chú nội bộ' }));
    const box = await screen.findByRole('textbox', { name: 'Ghi chú nội bộ' });
    const editor = (box as HTMLElement & { editor: Editor }).editor;
    act(() => {
      editor.chain().focus('end').insertContent('/chờ').run();
    });
    const palette = await screen.findByTestId('reply-palette');
    await waitFor(() =>
      expect(palette).toHaveTextContent('Ghi chú nội bộ không áp dụng các thay đổi của macro'),
    );
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box).toHaveTextContent('Chào Lê Thị Hoa'));
    expect(screen.queryByTestId('macro-chip')).not.toBeInTheDocument();
  });

  it('a macro that only changes fields can be sent with an empty reply, and its chip removed', async () => {
    const request = mockServer();
    renderConversation();
    const { box } = await typeInEditor('/nhan');
    await screen.findByTestId('reply-palette');
    fireEvent.keyDown(box, { key: 'Enter' });
    const chip = await screen.findByTestId('macro-chip');
    expect(chip).toHaveTextContent('Macro: Nhận xử lý · Người xử lý → tôi');
    expect(screen.getByRole('button', { name: 'Gửi' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Bỏ macro Nhận xử lý' }));
    expect(screen.queryByTestId('macro-chip')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gửi' })).toBeDisabled();
    expect(requests(request).some((config) => config.method === 'POST')).toBe(false);
  });
});
