import { useCan } from '@/lib/use-can';
import { ConfigListPage, NameCell } from '../components/config-list-page';
import { TypeDialog } from '../components/type-dialog';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';

/** /settings/tickets/ticket-type */
export function TicketTypesPage() {
  return (
    <ConfigListPage
      resource="types"
      addLabel="Thêm loại ticket"
      canEdit={useCan('ticket_config.manage')}
      dialog={TypeDialog}
      columns={[
        { head: TEXT.name, cell: (row) => <NameCell name={row.name} /> },
        { head: TEXT.order, className: 'w-24 text-right tabular-nums', cell: (row) => row.order },
      ]}
    />
  );
}
