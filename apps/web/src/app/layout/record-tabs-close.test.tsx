import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { saveTabDraft, useRecordTabsStore } from '@/stores/record-tabs-store';
import { matchRecordPath } from '../route-table';
import { RecordTabsBar } from './record-tabs-bar';

vi.mock('@/stores/session-store', () => ({
  useCurrentUser: () => ({ role: 'administrator', token: 't', user_id: 'u1' }),
}));

const store = () => useRecordTabsStore.getState();
const visit = (path: string) => store().visit(path, matchRecordPath(path));

function show() {
  visit('/customers/c1');
  visit('/customers/c2');
  const router = createMemoryRouter([{ path: '*', element: <RecordTabsBar /> }], {
    initialEntries: ['/customers/c2'],
  });
  render(<RouterProvider router={router} />);
  const [first, second] = store().tabs;
  return { first: first!, second: second! };
}

describe('closing a record tab', () => {
  beforeEach(() => {
    localStorage.clear();
    store().reset();
  });

  it('closes a tab without a draft at once', async () => {
    const { first } = show();
    await userEvent.click(screen.getByRole('button', { name: `Đóng ${first.title}` }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(store().tabs.map((tab) => tab.key)).not.toContain(first.key);
  });

  it('asks before dropping a draft, and keeps the tab and its draft when told to stay', async () => {
    const { first } = show();
    saveTabDraft(first.key, 'customer', { name: 'Nguyễn Văn An' });
    await userEvent.click(screen.getByRole('button', { name: `Đóng ${first.title}` }));
    // The question is its own chunk, loaded with the first close that needs it.
    const dialog = await screen.findByRole('alertdialog', { name: `Đóng ${first.title}?` });
    expect(dialog).toHaveTextContent('Bản nháp chưa lưu của tab này sẽ mất.');
    await userEvent.click(screen.getByRole('button', { name: 'Ở lại' }));
    expect(store().tabs.map((tab) => tab.key)).toContain(first.key);

    await userEvent.click(screen.getByRole('button', { name: `Đóng ${first.title}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Đóng và bỏ bản nháp' }));
    expect(store().tabs.map((tab) => tab.key)).not.toContain(first.key);
    expect(localStorage.getItem(`recordTabDraft:${first.key}`)).toBeNull();
  });
});
