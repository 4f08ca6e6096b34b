import { PRESENCE } from '@omnicare/shared/users/presence';
import { staffPresenceKey } from '@omnicare/shared/reports/metrics';
import { REPORTS } from '@omnicare/shared/reports/reports.schemas';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ReportFrame } from '../components/report-frame';

const STAFF_KEYS = new Set(['staff_active', ...PRESENCE.values.map(staffPresenceKey)]);
const TILES = REPORTS.summary.metrics.filter(
  (key) => !STAFF_KEYS.has(key) || key === 'staff_active',
);

/**
 * /report/summary: the day at a glance across channels and voice (tickets, chats, calls,
 * customers, imports), the staff by presence now, a chart by hour or day and a table by channel.
 */
export function ReportSummaryPage() {
  return (
    <ReportFrame
      defaultPreset="today"
      report="summary"
      filters={['source', 'group', 'agent']}
      businessHours
      tiles={TILES}
    >
      {(data) => {
        const active = data?.metrics.staff_active ?? 0;
        const rows = PRESENCE.values
          .map((presence) => ({ presence, count: data?.metrics[staffPresenceKey(presence)] ?? 0 }))
          .filter((row) => row.count > 0);
        return (
          <Card className="flex flex-col gap-3 p-4">
            <h2 className="text-sm font-semibold text-slate-900">
              Nhân viên theo trạng thái (ngay lúc này)
            </h2>
            {!data ? (
              <Skeleton className="h-16" />
            ) : rows.length === 0 ? (
              <p className="text-sm text-slate-500">
                Không có nhân viên nào trong phạm vi của bạn.
              </p>
            ) : (
              <ul className="grid gap-2 md:grid-cols-2" aria-label="Nhân viên theo trạng thái">
                {rows.map((row) => (
                  <li key={row.presence} className="flex items-center gap-3 text-sm">
                    <span className="w-40 shrink-0 truncate text-slate-700">
                      {PRESENCE.label(row.presence)}
                    </span>
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                      <span
                        className="block h-full rounded-full bg-teal-600"
                        style={{ width: `${(row.count / Math.max(1, active)) * 100}%` }}
                      />
                    </span>
                    <span className="w-10 text-right font-medium text-slate-900 tabular-nums">
                      {row.count}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        );
      }}
    </ReportFrame>
  );
}
