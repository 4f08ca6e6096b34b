import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { activityEntryView } from '@omnicare/shared/audit/activity.schemas';
import { createQueryClient } from '@/test/query-client';
import { page } from '@/test/contract-fixtures';
import { staffUser } from '@/test/view-fixtures';
import { UserHistoryDialog } from './user-history-dialog';

const api = vi.hoisted(() => ({ fetchStaffTimeline: vi.fn() }));
vi.mock('../users.api', () => api);

const user = staffUser({ _id: 'u9', name: 'Đặng Thị Mai', email: 'mai@demo.vn' });

describe('UserHistoryDialog', () => {
  it('shows the changes the server worked out, from → to, and who was viewing as the actor', async () => {
    api.fetchStaffTimeline.mockResolvedValue(
      page('GET /v2/users/:id/timeline', activityEntryView, {
        data: [
          {
            _id: 'e1',
            kind: 'user.update',
            actor: { _id: 'u1', name: 'Quản Trị Viên' },
            impersonator: { _id: 'u0', name: 'Người Xem Thay' },
            at: '2026-01-02T03:04:05.000Z',
            objects: [],
            changes: [
              { field: 'role', label: 'Vai trò', from: 'Chuyên viên', to: 'Trưởng bộ phận' },
            ],
          },
        ],
        total: 1,
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <UserHistoryDialog user={user} onOpenChange={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Trưởng bộ phận')).toBeInTheDocument();
    expect(screen.getByText('Chuyên viên')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('(Người Xem Thay xem dưới quyền)');
    expect(api.fetchStaffTimeline).toHaveBeenCalledWith('u9', 1, 10, expect.anything());
  });
});
