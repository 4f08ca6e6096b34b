import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { z } from 'zod';
import { listBody, okBody } from '@omnicare/shared/platform/envelope';
import { slaPolicyView, type SlaPolicy } from '@omnicare/shared/sla/sla.schemas';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { TooltipProvider } from '@/components/ui/tooltip';
import { list, mockApi, ok } from '@/test/contract-fixtures';
import { signInAs } from '@/test/signed-in';
import { SlaPoliciesPage } from './sla-policies-page';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const policy = (_id: string, name: string, order: number): SlaPolicy => ({
  _id,
  name,
  description: '',
  schedule_id: null,
  schedule_name: null,
  order,
  targets: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const CONTRACTS = {
  'GET /v2/sla-policies': listBody(slaPolicyView),
  'PUT /v2/sla-policies/order': okBody(z.array(slaPolicyView)),
};

let stored: SlaPolicy[] = [];
let sent: unknown[] = [];
beforeEach(() => {
  stored = [policy('a', 'Khách VIP', 1), policy('b', 'Tổng đài', 2), policy('c', 'Mặc định', 3)];
  sent = [];
  mockApi(CONTRACTS, (config) => {
    if (config.url === '/v2/sla-policies/order' && config.method === 'PUT') {
      const { ids } = config.data as { ids: string[] };
      sent.push(ids);
      stored = ids.map((id, index) => ({
        ...stored.find((row) => row._id === id)!,
        order: index + 1,
      }));
      return ok(stored, 'Cập nhật thứ tự chính sách SLA thành công');
    }
    return config.url === '/v2/sla-policies' ? list(stored) : list([]);
  });
});

afterEach(() => vi.restoreAllMocks());

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <SlaPoliciesPage /> }], {
    initialEntries: ['/settings/tickets/sla'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TestShell>
        <TooltipProvider>
          <RouterProvider router={router} />
        </TooltipProvider>
      </TestShell>
    </QueryClientProvider>,
  );
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('the SLA policies screen', () => {
  it('shows the order of trial and lets an administrator move a policy', async () => {
    signInAs('administrator');
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Tổng đài');
    expect(names()).toEqual(['Khách VIP', 'Tổng đài', 'Mặc định']);
    expect(screen.getAllByTestId('sla-order').map((cell) => cell.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(screen.getByRole('button', { name: 'Đưa "Khách VIP" lên trước' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Đưa "Mặc định" xuống sau' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Đưa "Tổng đài" lên trước' }));
    expect(sent).toEqual([['b', 'a', 'c']]);
    await waitFor(() => expect(names()).toEqual(['Tổng đài', 'Khách VIP', 'Mặc định']));
    expect(toasts.success).toHaveBeenCalledWith('Cập nhật thứ tự chính sách SLA thành công');

    await user.click(screen.getByRole('button', { name: 'Đưa "Tổng đài" xuống sau' }));
    await waitFor(() => expect(names()).toEqual(['Khách VIP', 'Tổng đài', 'Mặc định']));
    expect(sent).toEqual([
      ['b', 'a', 'c'],
      ['a', 'b', 'c'],
    ]);
  });

  it('shows the order without arrows to those who may not change it', async () => {
    signInAs('agent');
    renderPage();
    await screen.findByText('Tổng đài');
    expect(screen.getAllByTestId('sla-order').map((cell) => cell.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(screen.queryByRole('button', { name: /lên trước/ })).toBeNull();
  });
});
