import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Role } from '@omnicare/shared/users/roles';
import { useSessionStore } from '@/stores/session-store';
import { signInAs } from '@/test/signed-in';
import { TEST_SHELL_NAVIGATION, TestShell } from '@/test/shell-navigation';
import { AreaNav } from './area-nav';
import { SettingsGroupNav } from './settings-group-nav';
import type { ShellNavigation } from './shell-navigation';

/** A shell whose areas and settings group show an agent one link and others two. */
const linksFor = (role: Role | undefined) =>
  [
    { to: '/report/summary', label: 'Tổng quan' },
    { to: '/report/ticket', label: 'Ticket' },
  ].slice(0, role === 'agent' ? 1 : 2);
const navigation: ShellNavigation = {
  ...TEST_SHELL_NAVIGATION,
  areaLinks: (area, role) => (area === 'report' ? linksFor(role) : []),
  settingsGroups: (role) => [{ group: 'tickets', title: 'Ticket', links: linksFor(role) }],
};
const wrapper = ({ children }: { children: ReactNode }) => (
  <TestShell navigation={navigation}>
    <MemoryRouter initialEntries={['/report/ticket']}>{children}</MemoryRouter>
  </TestShell>
);
const links = () => screen.queryAllByRole('link').map((link) => link.textContent);

describe('AreaNav and SettingsGroupNav', () => {
  afterEach(() => useSessionStore.getState().clear());

  it("show the links the shell gives the user's role, the current page marked", () => {
    signInAs('supervisor');
    render(<AreaNav area="report" />, { wrapper });
    expect(links()).toEqual(['Tổng quan', 'Ticket']);
    expect(screen.getByRole('link', { name: 'Ticket' })).toHaveAttribute('aria-current', 'page');
    render(<SettingsGroupNav group="tickets" />, { wrapper });
    expect(screen.getByRole('navigation', { name: 'Ticket' })).toBeVisible();
  });

  it('show nothing for a single link, an area without links or another group', () => {
    signInAs('agent');
    const { unmount } = render(
      <>
        <AreaNav area="report" />
        <SettingsGroupNav group="tickets" />
      </>,
      { wrapper },
    );
    expect(screen.queryAllByRole('navigation')).toEqual([]);
    unmount();
    signInAs('supervisor');
    render(
      <>
        <AreaNav area="tickets" />
        <AreaNav />
        <SettingsGroupNav group="users" />
      </>,
      { wrapper },
    );
    expect(screen.queryAllByRole('navigation')).toEqual([]);
  });
});
