import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import {
  agentsMonitorView,
  type MonitorAgent,
  type MonitorSnapshot,
} from '@omnicare/shared/monitors/monitors.schemas';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { fixture } from '@/test/contract-fixtures';
import { AgentsMonitorPage } from './pages/agents-monitor-page';

const api = vi.hoisted(() => ({
  fetchMonitor: vi.fn(),
  fetchMonitorRows: vi.fn(),
  setAgentPresence: vi.fn(),
  endAgentWrapUp: vi.fn(),
}));
const realtime = vi.hoisted(() => ({
  pushed: [] as ((snapshot: MonitorSnapshot) => void)[],
  watchMonitor: vi.fn(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('./monitors.api', () => api);
vi.mock('@/lib/realtime', () => ({ watchMonitor: realtime.watchMonitor }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));
vi.mock('@/stores/session-store', () => ({
  useCurrentUser: () => ({ role: 'supervisor', is_admin: false, _id: 'sup', name: 'Giám sát' }),
}));

const agent = (id: string, extra: Partial<MonitorAgent> = {}): MonitorAgent => ({
  _id: id,
  name: `Nhân viên ${id}`,
  agent_id: id.toUpperCase(),
  role: 'agent',
  avatar_url: null,
  presence: 'AVAILABLE',
  presence_changed_at: null,
  department_ids: [],
  organization_id: null,
  calls_now: 0,
  call_capacity: 1,
  chats_now: 0,
  chat_capacity: 4,
  handled_today: 0,
  current_call: null,
  wrap_up: null,
  ...extra,
});

const at = new Date().toISOString();
const snapshot = (agents: MonitorAgent[]) =>
  fixture('GET /v2/monitors/agents', agentsMonitorView, {
    at,
    date: '2026-11-30',
    time_zone: 'Asia/Bangkok',
    agents,
    departments: [
      { _id: 'd1', name: 'CSKH' },
      { _id: 'd2', name: 'Bán hàng' },
    ],
  });

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TestShell>
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                path: '/monitors/agents',
                element: <AgentsMonitorPage />,
                handle: {
                  title: 'Giám sát chuyên viên',
                  path: '/monitors/agents',
                  area: '/monitors',
                },
              },
            ],
            { initialEntries: ['/monitors/agents'] },
          )}
        />
      </TestShell>
    </QueryClientProvider>,
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('agents monitor', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    realtime.pushed = [];
    realtime.watchMonitor.mockReset();
    realtime.watchMonitor.mockImplementation(
      (_monitor: string, onSnapshot: (snapshot: MonitorSnapshot) => void) => {
        realtime.pushed.push(onSnapshot);
        return () => {};
      },
    );
  });

  it('shows an agent in after-call work as such, with the time in it, beside their presence', async () => {
    api.fetchMonitor.mockResolvedValue(
      snapshot([
        agent('a1', {
          wrap_up: {
            call_id: 'c1',
            started_at: new Date(Date.now() - 12_000).toISOString(),
            ends_at: new Date(Date.now() + 18_000).toISOString(),
            seconds_left: 18,
          },
        }),
        agent('a2'),
      ]),
    );
    renderPage();
    expect(await screen.findByText('Nhân viên a1')).toBeVisible();
    expect(within(rowOf('Nhân viên a1')).getByTestId('agent-wrap-up')).toHaveTextContent(
      /Xử lý sau cuộc gọi 0:1\d/,
    );
    expect(within(rowOf('Nhân viên a2')).queryByTestId('agent-wrap-up')).toBeNull();
  });

  it("lets a supervisor end an agent's after-call work; the push then drops the badge", async () => {
    const wrapping = agent('a1', {
      wrap_up: {
        call_id: 'c1',
        started_at: new Date(Date.now() - 5_000).toISOString(),
        ends_at: new Date(Date.now() + 25_000).toISOString(),
        seconds_left: 25,
      },
    });
    api.fetchMonitor.mockResolvedValue(snapshot([wrapping, agent('a2')]));
    api.endAgentWrapUp.mockResolvedValue({
      data: { _id: 'a1', ended: 1 },
      message: 'Đã kết thúc xử lý sau cuộc gọi của nhân viên',
    });
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Kết thúc xử lý sau cuộc gọi của Nhân viên a1' }),
    );
    expect(api.endAgentWrapUp).toHaveBeenCalledWith('a1');
    expect(toasts.success).toHaveBeenCalledWith('Đã kết thúc xử lý sau cuộc gọi của nhân viên');
    act(() =>
      realtime.pushed.at(-1)!({
        ...snapshot([{ ...wrapping, wrap_up: null }, agent('a2')]),
        at: new Date(Date.now() + 1000).toISOString(),
      } as MonitorSnapshot),
    );
    expect(within(rowOf('Nhân viên a1')).queryByTestId('agent-wrap-up')).toBeNull();
    expect(screen.queryByRole('button', { name: /Kết thúc xử lý sau cuộc gọi/ })).toBeNull();
  });

  it('shows each agent with presence, time in state and load against capacity, then what the server pushes', async () => {
    api.fetchMonitor.mockResolvedValue(
      snapshot([
        agent('a1', {
          presence_changed_at: new Date(Date.now() - 125_000).toISOString(),
          calls_now: 1,
          chats_now: 3,
          handled_today: 7,
          department_ids: ['d1'],
        }),
        agent('a2', { presence: 'ATLUNCH', department_ids: ['d2'] }),
      ]),
    );
    renderPage();
    expect(await screen.findByText('Nhân viên a1')).toBeVisible();
    expect(api.fetchMonitor).toHaveBeenCalledWith('agents', expect.anything());
    const one = rowOf('Nhân viên a1');
    expect(within(one).getByTestId('agent-presence')).toHaveTextContent('Sẵn sàng làm việc');
    expect(within(one).getByTestId('agent-in-state')).toHaveTextContent(/^2:0\d$/);
    expect(within(one).getByText('1/1')).toBeVisible();
    expect(within(one).getByText('3/4')).toBeVisible();
    expect(within(one).getByText('7')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Nhân viên sẵn sàng: 1' })).toBeVisible();

    // Filtered by department.
    await userEvent.selectOptions(screen.getByLabelText('Bộ phận'), 'd2');
    expect(screen.queryByText('Nhân viên a1')).toBeNull();
    expect(screen.getByText('Nhân viên a2')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Bộ phận'), '');

    // A pushed snapshot replaces what was read.
    act(() =>
      realtime.pushed[0]!({
        ...snapshot([agent('a1', { presence: 'MEETING' }), agent('a2')]),
        at: new Date(Date.now() + 1000).toISOString(),
      } as MonitorSnapshot),
    );
    expect(within(rowOf('Nhân viên a1')).getByTestId('agent-presence')).toHaveTextContent('Đi họp');
    expect(screen.getByTestId('monitor-live')).toHaveTextContent('Trực tiếp');
  });

  it('lets a supervisor change the presence of the accounts they may act on only', async () => {
    api.fetchMonitor.mockResolvedValue(
      snapshot([agent('a1'), agent('boss', { role: 'administrator' })]),
    );
    api.setAgentPresence.mockResolvedValue({
      data: { _id: 'a1', presence: 'ATLUNCH' },
      message: 'Đã đổi trạng thái làm việc',
    });
    renderPage();
    await screen.findByText('Nhân viên a1');
    expect(screen.queryByLabelText('Đổi trạng thái của Nhân viên boss')).toBeNull();
    await userEvent.selectOptions(
      screen.getByLabelText('Đổi trạng thái của Nhân viên a1'),
      'ATLUNCH',
    );
    expect(api.setAgentPresence).toHaveBeenCalledWith('a1', 'ATLUNCH');
    expect(toasts.success).toHaveBeenCalledWith('Đã đổi trạng thái làm việc');
  });
});
