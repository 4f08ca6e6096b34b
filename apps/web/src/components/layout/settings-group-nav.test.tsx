import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { useSessionStore } from '@/stores/session-store';
import { SettingsGroupNav } from './settings-group-nav';

const signIn = (role: StaffRole) =>
  useSessionStore.getState().signIn({
    token: `tok-${role}`,
    role,
    tenant_id: 't1',
    user_id: role,
    _id: role,
    agent_id: role,
    is_admin: false,
    name: role,
    email: `${role}@demo.vn`,
  });

const tabs = () => screen.queryAllByRole('link').map((link) => link.textContent);

describe('SettingsGroupNav', () => {
  afterEach(() => useSessionStore.getState().clear());

  it('shows an administrator every page of the ticket settings', () => {
    signIn('administrator');
    render(<SettingsGroupNav group="tickets" />, { wrapper: MemoryRouter });
    expect(tabs()).toEqual([
      'Mức độ ưu tiên',
      'Dịch vụ',
      'Mẫu ticket',
      'Loại ticket',
      'View ticket',
      'Chính sách SLA',
    ]);
  });

  it('shows a team leader no tab to pages that would refuse them', () => {
    // Of the ticket settings they open only the views: one page needs no tabs.
    signIn('team_leader');
    render(<SettingsGroupNav group="tickets" />, { wrapper: MemoryRouter });
    expect(tabs()).toEqual([]);
  });
});
