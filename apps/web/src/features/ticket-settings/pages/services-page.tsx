import { useCan } from '@/lib/use-can';
import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { ServiceDialog } from '../components/service-dialog';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';

/** /settings/tickets/service */
export function ServicesPage() {
  return (
    <CatalogueListPage
      catalogue={TICKET_SETTINGS.services}
      nav={<SettingsGroupNav group="tickets" />}
      addLabel="Thêm dịch vụ"
      canEdit={useCan('ticket_config.manage')}
      dialog={ServiceDialog}
      columns={[
        { head: TEXT.name, cell: (row) => <NameCell name={row.name} /> },
        {
          head: TEXT.type,
          className: 'w-56',
          cell: (row) => row.type_name ?? <span className="text-slate-500">{TEXT.allTypes}</span>,
        },
        { head: TEXT.order, className: 'w-24 text-right tabular-nums', cell: (row) => row.order },
      ]}
    />
  );
}
