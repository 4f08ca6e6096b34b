import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useSessionStore } from '@/stores/session-store';
import { signInAs as signIn } from '@/test/signed-in';
import { SettingsGroupNav } from './settings-group-nav';

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
      'Macro',
    ]);
  });

  it('shows a team leader no tab to pages that would refuse them', () => {
    // Of the ticket settings they open the views and the macros (they share macros).
    signIn('team_leader');
    render(<SettingsGroupNav group="tickets" />, { wrapper: MemoryRouter });
    expect(tabs()).toEqual(['View ticket', 'Macro']);
  });
});
