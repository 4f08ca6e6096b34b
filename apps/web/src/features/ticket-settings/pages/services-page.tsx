import { useCan } from '@/lib/use-can';
import { ConfigListPage, NameCell } from '../components/config-list-page';
import { ServiceDialog } from '../components/service-dialog';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';

/** /settings/tickets/service */
export function ServicesPage() {
  return (
    <ConfigListPage
      resource="services"
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
