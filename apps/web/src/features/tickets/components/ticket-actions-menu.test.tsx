import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { useSessionStore } from '@/stores/session-store';
import { signInAs } from '@/test/signed-in';
import { TicketActionsMenu } from './ticket-actions-menu';

async function openMenu(role: StaffRole) {
  signInAs(role);
  const onDelete = vi.fn();
  render(<TicketActionsMenu mergeable onMerge={() => undefined} onDelete={onDelete} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Thao tác' }));
  await screen.findByRole('menuitem', { name: 'Gộp vào ticket khác' });
  return { onDelete };
}

describe("the ticket page's actions menu", () => {
  afterEach(() => useSessionStore.getState().clear());

  it.each<StaffRole>(['agent', 'team_leader'])('offers no delete (%s)', async (role) => {
    await openMenu(role);
    expect(screen.queryByRole('menuitem', { name: 'Xóa ticket' })).toBeNull();
    expect(screen.queryByText(/Xóa/)).toBeNull();
  });

  it.each<StaffRole>(['supervisor', 'administrator'])('offers delete (%s)', async (role) => {
    const { onDelete } = await openMenu(role);
    await userEvent.setup().click(screen.getByRole('menuitem', { name: 'Xóa ticket' }));
    expect(onDelete).toHaveBeenCalled();
  });
});
