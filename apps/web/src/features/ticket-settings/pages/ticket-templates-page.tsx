import { useCan } from '@/lib/use-can';
import { CatalogueListPage, Dash, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { TicketTemplateDialog } from '../components/ticket-template-dialog';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';

/** /settings/tickets/template: prefills of a new ticket. */
export function TicketTemplatesPage() {
  return (
    <CatalogueListPage
      catalogue={TICKET_SETTINGS.templates}
      nav={<SettingsGroupNav group="tickets" />}
      addLabel="Thêm mẫu ticket"
      canEdit={useCan('ticket_config.manage')}
      dialog={TicketTemplateDialog}
      columns={[
        { head: TEXT.name, cell: (row) => <NameCell name={row.name} /> },
        {
          head: TEXT.subject,
          cell: (row) =>
            row.subject ? (
              <span
                className="block max-w-64 truncate text-[13px] text-slate-600"
                title={row.subject}
              >
                {row.subject}
              </span>
            ) : (
              <Dash />
            ),
        },
        { head: TEXT.type, className: 'w-36', cell: (row) => row.type?.name ?? <Dash /> },
        { head: TEXT.priority, className: 'w-32', cell: (row) => row.priority?.name ?? <Dash /> },
        { head: TEXT.service, className: 'w-36', cell: (row) => row.service?.name ?? <Dash /> },
        {
          head: TEXT.tags,
          className: 'w-40',
          cell: (row) =>
            row.tags.length ? (
              <span className="text-[13px] text-slate-600">
                {row.tags.map((tag) => tag.name).join(', ')}
              </span>
            ) : (
              <Dash />
            ),
        },
      ]}
    />
  );
}
