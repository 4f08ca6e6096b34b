import { useCan } from '@/lib/use-can';
import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { PriorityDialog } from '../components/priority-dialog';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';

/** /settings/tickets/priority */
export function PrioritiesPage() {
  return (
    <CatalogueListPage
      catalogue={TICKET_SETTINGS.priorities}
      nav={<SettingsGroupNav group="tickets" />}
      addLabel="Thêm mức độ ưu tiên"
      canEdit={useCan('ticket_config.manage')}
      dialog={PriorityDialog}
      columns={[
        {
          head: TEXT.name,
          cell: (row) => (
            <span className="flex items-center gap-2">
              <span
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: row.color }}
                aria-hidden="true"
              />
              <NameCell name={row.name} />
            </span>
          ),
        },
        {
          head: TEXT.color,
          className: 'w-32',
          cell: (row) => <code className="text-[13px] text-slate-600">{row.color}</code>,
        },
        {
          head: TEXT.order,
          className: 'w-24 text-right tabular-nums',
          cell: (row) => row.order,
        },
      ]}
    />
  );
}
