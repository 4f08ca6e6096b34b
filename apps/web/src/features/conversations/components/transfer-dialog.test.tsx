import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { CONVERSATION_MESSAGES } from '@omnicare/shared/conversations/conversations.schemas';
import { mockApi } from '@/test/contract-fixtures';
import { createQueryClient } from '@/test/query-client';
import { CHAT_CONTRACTS, idOf } from '../chat-test-setup';
import { TransferDialog, transferErrors } from './transfer-dialog';

afterEach(() => vi.restoreAllMocks());

describe('the transfer dialog', () => {
  it('asks for an agent or a department before sending anything', async () => {
    const api = mockApi(CHAT_CONTRACTS, () => {
      throw new Error('nothing should be sent');
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TransferDialog ticketId={idOf(1)} open onOpenChange={() => undefined} />
      </QueryClientProvider>,
    );
    await userEvent.type(
      screen.getByLabelText('Ghi chú cho người nhận'),
      'Khách cần tư vấn gói cước',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Chuyển' }));
    expect(
      await screen.findByText(CONVERSATION_MESSAGES.transferTargetRequired),
    ).toBeInTheDocument();
    expect(api.mock.calls.filter(([config]) => config.url.endsWith('/transfer'))).toHaveLength(0);
  });

  it('holds the note to 1000 characters and takes an agent or a department alone', () => {
    const agent = '33333333-3333-4333-8333-333333333333';
    expect(transferErrors({ assignee_id: agent, group_id: null, note: 'x'.repeat(1001) })).toEqual({
      note: CONVERSATION_MESSAGES.transferNoteTooLong,
    });
    expect(transferErrors({ assignee_id: agent, group_id: null, note: '' })).toEqual({});
    expect(transferErrors({ assignee_id: null, group_id: agent, note: '' })).toEqual({});
    expect(transferErrors({ assignee_id: null, group_id: null, note: '' })).toEqual({
      assignee_id: CONVERSATION_MESSAGES.transferTargetRequired,
    });
  });
});
