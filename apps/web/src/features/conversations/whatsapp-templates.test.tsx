import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createdBody, listBody, okBody } from '@omnicare/shared/platform/envelope';
import { ticketPlaceholderValues } from '@omnicare/shared/macros/macros.schemas';
import { messageTemplateView } from '@omnicare/shared/templates/templates.schemas';
import { ticketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { created, fixture, list, mockApi, ok } from '@/test/contract-fixtures';
import { createQueryClient } from '@/test/query-client';
import { signInAs } from '@/test/signed-in';
import { AT, ME, chatMessage, idOf } from './chat-test-setup';
import { WhatsAppTemplates } from './components/whatsapp-templates';

const CONTRACTS = {
  'GET /v2/templates/user/:id': listBody(messageTemplateView),
  'GET /v2/tickets/:id/placeholders': okBody(ticketPlaceholderValues),
  'POST /v2/conversations/:id/whatsapp-template': createdBody(ticketCommentView),
};
const TICKET = idOf(7);

const template = (fields: Partial<Record<string, unknown>>) =>
  fixture('GET /v2/templates/user/:id', messageTemplateView, {
    _id: '44444444-4444-4444-8444-444444444444',
    kind: 'whatsapp',
    name: 'Đơn sẵn sàng',
    catalog_id: null,
    catalog_name: null,
    content: 'Chào {{customer.name}}, đơn {{ticket.code}} đã sẵn sàng.',
    subject: null,
    shortcut: null,
    zns_template_id: null,
    wa_template_name: 'order_ready',
    wa_language: 'vi',
    visibility: 'everyone',
    departments: [],
    active: true,
    owner: null,
    placeholders: ['customer.name', 'ticket.code'],
    created_at: AT,
    updated_at: AT,
    ...fields,
  });

beforeEach(() => signInAs('agent', { _id: ME, user_id: ME }));
afterEach(() => vi.restoreAllMocks());

describe('the WhatsApp templates of the chat composer', () => {
  it('lists the approved templates only, filled for the conversation, and sends the one chosen', async () => {
    const api = mockApi(CONTRACTS, (config) => {
      if (config.url.startsWith('/v2/templates/user/'))
        return list([
          template({}),
          template({
            _id: '55555555-5555-4555-8555-555555555555',
            name: 'Chưa gắn',
            wa_template_name: null,
          }),
        ]);
      if (config.url.endsWith('/placeholders'))
        return ok({ 'customer.name': 'Lan', 'ticket.code': '#000007' });
      return created(chatMessage({ _id: 'sent-1', kind: 'template', body: 'Chào Lan' }));
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <WhatsAppTemplates ticketId={TICKET} disabled={false} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Mẫu WhatsApp' }));
    const panel = await screen.findByRole('region', { name: 'Mẫu WhatsApp' });
    expect(
      await within(panel).findByText('Chào Lan, đơn #000007 đã sẵn sàng.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByText('Chưa gắn')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Gửi mẫu: Đơn sẵn sàng' }));
    await waitFor(() =>
      expect(
        api.mock.calls.map(([config]) => config).find((c) => c.method === 'POST'),
      ).toMatchObject({
        url: `/v2/conversations/${TICKET}/whatsapp-template`,
        data: { template_id: '44444444-4444-4444-8444-444444444444' },
      }),
    );
  });
});
