import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FileUp, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { PRESENCE } from '@omnicare/shared/users/presence';
import { usePageHandle } from '@/lib/route-declaration';
import { AreaNav } from '@/components/layout/area-nav';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { fetchTodaySummary } from '../reports.api';

function Stat({
  label,
  value,
  icon,
  footer,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>{label}</span>
        <span className="flex size-8 items-center justify-center rounded-full bg-teal-50 text-teal-700 [&_svg]:size-4">
          {icon}
        </span>
      </div>
      {value === undefined ? (
        <Skeleton className="h-8 w-16" />
      ) : (
        <p
          className="text-3xl font-semibold tracking-tight text-slate-900"
          aria-label={`${label}: ${value}`}
        >
          {value.toLocaleString('vi-VN')}
        </p>
      )}
      {footer}
    </Card>
  );
}

/**
 * /report/summary: what the app already knows about today, in the caller's data scope
 * (customers created, imports, active staff by presence), until the real reports land.
 */
export function ReportSummaryPage() {
  const { title, area } = usePageHandle();
  const summary = useQuery({
    queryKey: ['reports', 'summary'],
    queryFn: ({ signal }) => fetchTodaySummary(signal),
    refetchInterval: 60_000,
  });
  const data = summary.data;
  return (
    <div className="flex flex-col gap-4">
      <AreaNav area={area} />
      <PageHeader
        title={title}
        actions={
          data && (
            <span className="text-sm text-slate-500">Hôm nay, {formatCalendarDay(data.date)}</span>
          )
        }
      />
      {summary.isError ? (
        <Card className="flex flex-col items-center gap-3 p-8 text-center text-sm text-slate-600">
          Không tải được số liệu hôm nay.
          <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
            Thử lại
          </Button>
        </Card>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <Stat
              label="Khách hàng mới hôm nay"
              value={data?.customers_created}
              icon={<UserPlus />}
              footer={
                <Link to="/customers" className="text-[13px] text-teal-700 hover:underline">
                  Xem danh sách khách hàng
                </Link>
              }
            />
            <Stat label="Lượt nhập khách hàng hôm nay" value={data?.imports} icon={<FileUp />} />
            <Stat label="Nhân viên đang hoạt động" value={data?.active_staff} icon={<Users />} />
          </div>
          <Card className="flex flex-col gap-3 p-4">
            <h2 className="text-sm font-semibold text-slate-900">Nhân viên theo trạng thái</h2>
            {!data ? (
              <Skeleton className="h-16" />
            ) : data.staff_by_presence.length === 0 ? (
              <p className="text-sm text-slate-500">
                Không có nhân viên nào trong phạm vi của bạn.
              </p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label="Nhân viên theo trạng thái">
                {data.staff_by_presence.map((row) => (
                  <li key={row.presence} className="flex items-center gap-3 text-sm">
                    <span className="w-40 shrink-0 truncate text-slate-700">
                      {PRESENCE.label(row.presence)}
                    </span>
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                      <span
                        className="block h-full rounded-full bg-teal-600"
                        style={{ width: `${(row.count / Math.max(1, data.active_staff)) * 100}%` }}
                      />
                    </span>
                    <span className="w-10 text-right font-medium text-slate-900 tabular-nums">
                      {row.count}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-xs text-slate-500">
              Số liệu trong phạm vi dữ liệu của bạn; báo cáo chi tiết sẽ có ở các bản cập nhật sau.
            </p>
          </Card>
        </>
      )}
    </div>
  );
}
