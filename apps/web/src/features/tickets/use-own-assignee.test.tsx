import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { myAccountView } from '@omnicare/shared/auth/auth.schemas';
import { okBody } from '@omnicare/shared/platform/envelope';
import { mockApi, ok } from '@/test/contract-fixtures';
import { myAccountOf, signInAs } from '@/test/signed-in';
import { useOwnAssignee } from './use-own-assignee';

afterEach(() => vi.restoreAllMocks());

function ownAssigneeOf(role: StaffRole, assignOwnTickets: boolean) {
  signInAs(role);
  mockApi({ 'GET /v2/my-account': okBody(myAccountView) }, () =>
    ok(myAccountOf(role, { assignOwnTickets })),
  );
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useOwnAssignee(), { wrapper });
  return { hook, client };
}

describe('the new ticket prefilled for its creator', () => {
  it("is the agent's when the tenant setting is on", async () => {
    const { hook } = ownAssigneeOf('agent', true);
    await waitFor(() => expect(hook.result.current).toEqual({ _id: 'agent', name: 'agent' }));
  });

  it('is nobody with the setting off, or for another role', async () => {
    for (const [role, on] of [
      ['agent', false],
      ['supervisor', true],
    ] as const) {
      const { hook, client } = ownAssigneeOf(role, on);
      await waitFor(() => expect(client.isFetching()).toBe(0));
      expect(hook.result.current).toBeNull();
      vi.restoreAllMocks();
    }
  });
});
