import { useCan } from '@/lib/use-can';
import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { SlaPolicyDialog } from '../components/sla-policy-dialog';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';

const duration = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} giờ` : `${minutes} phút`;

/** /settings/tickets/sla: SLA policies in the order they are tried. */
export function SlaPoliciesPage() {
  return (
    <CatalogueListPage
      catalogue={TICKET_SETTINGS.slaPolicies}
      nav={<SettingsGroupNav group="tickets" />}
      addLabel="Thêm chính sách SLA"
      canEdit={useCan('ticket_config.manage')}
      dialog={SlaPolicyDialog}
      hint="Các chính sách được xét theo thứ tự; trong một chính sách, mục tiêu đúng loại ticket được ưu tiên hơn mục tiêu cho mọi loại."
      columns={[
        { head: TEXT.order, className: 'w-20 tabular-nums', cell: (row) => row.order },
        { head: TEXT.name, cell: (row) => <NameCell name={row.name} /> },
        {
          head: TEXT.schedule,
          className: 'w-44',
          cell: (row) =>
            row.schedule_name ?? <span className="text-slate-500">{TEXT.defaultSchedule}</span>,
        },
        {
          head: 'Mục tiêu (phản hồi / giải quyết)',
          cell: (row) => (
            <ul className="flex flex-col text-[13px] text-slate-600">
              {row.targets.map((target) => (
                <li key={`${target.priority_id}-${target.type_id ?? ''}`}>
                  {target.priority_name}
                  {target.type_name ? ` · ${target.type_name}` : ''}:{' '}
                  {duration(target.first_response_minutes)} / {duration(target.resolution_minutes)}
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
