import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_ACTION } from '@omnicare/shared/audit/audit-actions';
import { activityEntryView, type ActivityEntry } from '@omnicare/shared/audit/activity.schemas';
import { fixture } from '@/test/contract-fixtures';
import { ActivityTimeline } from './activity-timeline';

const entry = (kind: string, more: Partial<ActivityEntry> = {}): ActivityEntry =>
  fixture('GET /v2/customers/:id/timeline', activityEntryView, {
    _id: `${kind}-${more.objects?.join() ?? ''}`,
    kind,
    actor: { _id: 'u1', name: 'Trần Bình' },
    at: '2026-01-02T03:04:05.000Z',
    objects: [],
    changes: [],
    ...more,
  });

const show = (entries: ActivityEntry[], state: { pending?: boolean; failed?: boolean } = {}) => {
  const onRetry = vi.fn();
  render(
    <ActivityTimeline
      title="Lịch sử hoạt động"
      titleId="t"
      entries={entries}
      pending={state.pending ?? false}
      failed={state.failed ?? false}
      onRetry={onRetry}
    />,
  );
  return onRetry;
};

describe('ActivityTimeline', () => {
  it('labels every customer action of the shared list in Vietnamese, never by its key', () => {
    const kinds = AUDIT_ACTION.values.filter((kind) => kind.startsWith('customer.'));
    show(kinds.map((kind) => entry(kind)));
    for (const kind of kinds) {
      expect(screen.getByText(AUDIT_ACTION.label(kind))).toBeInTheDocument();
    }
    expect(screen.queryByText(/customer\./)).not.toBeInTheDocument();
  });

  it('names the macro a person applied, and the workflow that acted without one', () => {
    show([
      entry('ticket.update', {
        via: { kind: 'macro', name: 'Đóng ticket', label: 'Áp dụng macro Đóng ticket' },
      }),
      entry('ticket.update', {
        actor: null,
        via: { kind: 'workflow', name: 'Gán VIP', label: 'Tự động hóa: Gán VIP' },
      }),
      entry('ticket.update', { actor: null }),
    ]);
    const [macro, workflow, system] = screen.getAllByRole('listitem');
    expect(macro).toHaveTextContent('Áp dụng macro Đóng ticket');
    expect(macro).toHaveTextContent('Trần Bình');
    expect(workflow).toHaveTextContent('Cập nhật ticket');
    expect(workflow).toHaveTextContent('Tự động hóa: Gán VIP');
    expect(system).toHaveTextContent('Hệ thống');
  });

  it('names the objects of an entry and shows each change from → to, empty as —', () => {
    show([
      entry('customer.add_tag', { objects: ['VIP'] }),
      entry('customer.update', {
        changes: [
          { field: 'tier', label: 'Hạng khách hàng', from: 'Thường', to: 'Vàng' },
          { field: 'birthday', label: 'Ngày sinh', from: null, to: '05/08/1982' },
        ],
      }),
    ]);
    const [tagged, updated] = screen.getAllByRole('listitem');
    expect(tagged).toHaveTextContent('Gắn tag: VIP');
    expect(within(updated!).getByText('Hạng khách hàng:').parentElement).toHaveTextContent(
      'Hạng khách hàng:ThườngVàng',
    );
    expect(updated).toHaveTextContent('Ngày sinh:—05/08/1982');
    expect(updated).toHaveTextContent('Trần Bình');
  });

  it('says when it failed to load, with a retry, instead of looking empty', async () => {
    const onRetry = show([], { failed: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Không tải được lịch sử hoạt động.');
    expect(screen.queryByText('Chưa có hoạt động nào')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('can leave its heading to a dialog, naming its list, and say who was behind an actor', () => {
    render(
      <ActivityTimeline
        title="Lịch sử thay đổi"
        titleId="h"
        showTitle={false}
        entries={[entry('user.disable')]}
        pending={false}
        failed={false}
        noteOf={() => '(Lê An xem dưới quyền)'}
      />,
    );
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Lịch sử thay đổi' });
    expect(list).toHaveTextContent('Vô hiệu hóa');
    expect(list).toHaveTextContent('Trần Bình (Lê An xem dưới quyền)');
  });
});
