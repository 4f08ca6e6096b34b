import { useCan } from '@/lib/use-can';
import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { TypeDialog } from '../components/type-dialog';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';

/** /settings/tickets/ticket-type */
export function TicketTypesPage() {
  return (
    <CatalogueListPage
      catalogue={TICKET_SETTINGS.types}
      nav={<SettingsGroupNav group="tickets" />}
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
