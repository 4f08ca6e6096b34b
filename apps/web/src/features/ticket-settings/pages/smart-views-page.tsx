import { TICKET_LIST_COLUMN } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { Badge } from '@/components/ui/badge';
import { CatalogueListPage, Dash, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { TICKET_SETTINGS } from '../ticket-settings.api';
import { SmartViewDialog } from '../components/smart-view-dialog';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';

/**
 * /settings/tickets/view (administrators and team leaders): the caller's personal views and
 * the shared ones; shared ones are changed by those two roles only.
 */
export function SmartViewsPage() {
  return (
    <CatalogueListPage
      catalogue={TICKET_SETTINGS.views}
      nav={<SettingsGroupNav group="tickets" />}
      addLabel="Thêm view"
      canEdit
      rowEditable={(row) => row.editable}
      dialog={SmartViewDialog}
      columns={[
        { head: TEXT.name, cell: (row) => <NameCell name={row.name} /> },
        {
          head: 'Phạm vi',
          className: 'w-28',
          cell: (row) =>
            row.shared ? (
              <Badge variant="success">{TEXT.shared}</Badge>
            ) : (
              <Badge variant="secondary">{TEXT.personal}</Badge>
            ),
        },
        { head: TEXT.owner, className: 'w-44', cell: (row) => row.owner?.name ?? <Dash /> },
        {
          head: TEXT.columns,
          cell: (row) => (
            <span className="text-[13px] text-slate-600">
              {row.columns.map((column) => TICKET_LIST_COLUMN.labels[column]).join(', ')}
            </span>
          ),
        },
      ]}
    />
  );
}
