import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AreaNav } from '@/components/layout/area-nav';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { useSessionStore } from '@/stores/session-store';
import { signInAs as signIn } from '@/test/signed-in';
import { SETTINGS_GROUPS } from './navigation';
import { Providers } from './providers';

const tabs = () => screen.queryAllByRole('link').map((link) => link.textContent);

/** As the app renders a screen: under its providers (which give the shell's navigation). */
const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers>
    <MemoryRouter>{children}</MemoryRouter>
  </Providers>
);

describe("the shell's navigation, as the app provides it", () => {
  afterEach(() => useSessionStore.getState().clear());

  it('shows an administrator every page of the ticket settings as its tabs', () => {
    signIn('administrator');
    render(<SettingsGroupNav group="tickets" />, { wrapper });
    // Every link of the group (navigation.test.ts lists them).
    const group = SETTINGS_GROUPS.find((entry) => entry.group === 'tickets');
    expect(tabs()).toEqual(group?.links.map((link) => link.label));
    expect(tabs()).toHaveLength(7);
  });

  it('shows a team leader no settings tab to pages that would refuse them', () => {
    // Of the ticket settings they open the views and the macros (they share macros).
    signIn('team_leader');
    render(<SettingsGroupNav group="tickets" />, { wrapper });
    expect(tabs()).toEqual(['View ticket', 'Macro']);
  });

  it('shows the pages of an area the role may open, in their order', () => {
    signIn('administrator');
    const { unmount } = render(<AreaNav area="report" />, { wrapper });
    expect(screen.getByRole('navigation', { name: 'Điều hướng khu vực' })).toBeVisible();
    expect(tabs()).toEqual([
      'Tổng quan',
      'Ticket',
      'Nhóm',
      'Khách hàng',
      'Tùy chỉnh',
      'Cuộc gọi',
      'Chuyên viên',
      'Phễu quảng cáo',
    ]);
    unmount();
    // An agent reads neither the ticket, group, customer, custom nor agent reports.
    signIn('agent');
    render(<AreaNav area="report" />, { wrapper });
    expect(tabs()).toEqual(['Tổng quan', 'Cuộc gọi', 'Phễu quảng cáo']);
  });
});
