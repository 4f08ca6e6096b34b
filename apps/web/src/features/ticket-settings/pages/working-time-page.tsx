import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { Badge } from '@/components/ui/badge';
import { useCan } from '@/lib/use-can';
import { CatalogueListPage, Dash, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { ScheduleDialog } from '../components/schedule-dialog';

const hours = (minutes: number) =>
  `${Math.floor(minutes / 60)} giờ${minutes % 60 ? ` ${minutes % 60} phút` : ''}`;

/** /settings/time-working: business hours and holidays the SLA clock counts in. */
export function WorkingTimePage() {
  return (
    <CatalogueListPage
      catalogue={TICKET_SETTINGS.schedules}
      nav={<SettingsGroupNav group="system" />}
      addLabel="Thêm lịch làm việc"
      canEdit={useCan('ticket_config.manage')}
      dialog={ScheduleDialog}
      hint="Múi giờ Asia/Bangkok. Chính sách SLA không chọn lịch sẽ tính theo lịch mặc định."
      columns={[
        {
          head: 'Tên lịch',
          cell: (row) => (
            <span className="flex items-center gap-2">
              <NameCell name={row.name} />
              {row.is_default && <Badge variant="success">Mặc định</Badge>}
            </span>
          ),
        },
        {
          head: 'Giờ mỗi tuần',
          className: 'w-36',
          cell: (row) => hours(row.weekly_minutes),
        },
        {
          head: 'Ngày nghỉ',
          className: 'w-64',
          cell: (row) =>
            row.holidays.length ? (
              <span
                className="block truncate text-[13px] text-slate-600"
                title={row.holidays
                  .map((day) => `${formatCalendarDay(day.date)} ${day.name}`)
                  .join('\n')}
              >
                {row.holidays.length} ngày (
                {row.holidays
                  .slice(0, 2)
                  .map((day) => formatCalendarDay(day.date))
                  .join(', ')}
                {row.holidays.length > 2 ? ', …' : ''})
              </span>
            ) : (
              <Dash />
            ),
        },
        {
          head: 'Chính sách SLA',
          className: 'w-32 text-right tabular-nums',
          cell: (row) => row.sla_policy_count,
        },
      ]}
    />
  );
}
