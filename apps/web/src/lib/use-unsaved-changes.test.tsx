import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { useUnsavedChanges } from './use-unsaved-changes';

function SettingsForm() {
  const [name, setName] = useState('');
  const guard = useUnsavedChanges(name !== '');
  return (
    <>
      <input aria-label="Tên" value={name} onChange={(event) => setName(event.target.value)} />
      <Link to="/customers">Khách hàng</Link>
      <Link to="?tab=2">Tab khác</Link>
      {guard}
    </>
  );
}

const show = () => {
  const router = createMemoryRouter(
    [
      { path: '/settings', element: <SettingsForm /> },
      { path: '/customers', element: <p>Danh sách khách hàng</p> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('useUnsavedChanges', () => {
  it('lets a clean form go without asking', async () => {
    show();
    await userEvent.click(screen.getByRole('link', { name: 'Khách hàng' }));
    expect(screen.getByText('Danh sách khách hàng')).toBeInTheDocument();
  });

  it('asks before leaving a dirty form: stay keeps it, leave goes', async () => {
    const router = show();
    await userEvent.type(screen.getByLabelText('Tên'), 'Chi nhánh');
    await userEvent.click(screen.getByRole('link', { name: 'Khách hàng' }));
    expect(screen.getByRole('alertdialog', { name: 'Rời trang khi chưa lưu?' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Ở lại' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByLabelText('Tên')).toHaveValue('Chi nhánh');

    // A change of the query on the same screen is not leaving it.
    await userEvent.click(screen.getByRole('link', { name: 'Tab khác' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Khách hàng' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rời trang' }));
    expect(await screen.findByText('Danh sách khách hàng')).toBeInTheDocument();
  });

  it("asks the browser's question on closing or reloading the tab while dirty", async () => {
    show();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(screen.getByLabelText('Tên'), 'x');
    expect(unload()).toBe(true);
    await userEvent.clear(screen.getByLabelText('Tên'));
    expect(unload()).toBe(false);
  });
});
