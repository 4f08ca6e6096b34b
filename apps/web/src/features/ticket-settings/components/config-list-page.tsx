import type { ReactNode } from 'react';
import { usePageHandle } from '@/app/route-declaration';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { ListPage } from '@/components/list/list-page';
import {
  DeleteRowButton,
  EditRowButton,
  ListTable,
  RowActions,
} from '@/components/list/list-table';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import type { SettingsGroup } from '@/features/settings/settings-groups';
import { removeWithFeedback } from '@/lib/mutation-feedback';
import { useRecordDialog } from '@/lib/use-record-dialog';
import type { ResourceName, ResourceTypes } from '../ticket-settings.api';
import { useDeleteResource, useResourceList } from '../ticket-settings.queries';
import { TICKET_SETTINGS_TEXT } from '../ticket-settings-text';

export interface ConfigColumn<Row> {
  head: string;
  className?: string;
  cell: (row: Row) => ReactNode;
}

export interface RecordDialogProps<Row> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: Row | null;
}

/**
 * A ticket-settings list screen: the whole list in a table (loading, empty and error states),
 * an add/edit dialog, and delete behind the shared confirmation. The server refuses what is in
 * use and says where (its message is the error toast).
 */
export function ConfigListPage<N extends ResourceName>({
  resource,
  group = 'tickets',
  addLabel,
  columns,
  dialog: Dialog,
  canEdit,
  rowEditable = () => true,
  hint,
}: {
  resource: N;
  group?: SettingsGroup;
  addLabel: string;
  columns: ConfigColumn<ResourceTypes[N]['row']>[];
  dialog: (props: RecordDialogProps<ResourceTypes[N]['row']>) => ReactNode;
  canEdit: boolean;
  rowEditable?: (row: ResourceTypes[N]['row']) => boolean;
  hint?: string;
}) {
  const { title } = usePageHandle();
  const query = useResourceList(resource);
  const remove = useDeleteResource(resource);
  const dialog = useRecordDialog<ResourceTypes[N]['row']>();
  const rows = query.isError ? [] : (query.data?.data ?? []);
  return (
    <ListPage
      nav={<SettingsGroupNav group={group} />}
      title={title}
      add={canEdit && { label: addLabel, onClick: dialog.add }}
      dialogs={
        <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange} record={dialog.record} />
      }
    >
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      <ListTable
        label={title}
        query={query}
        empty={rows.length === 0}
        columns={columns.length + 1}
        skeletonRows={5}
        head={
          <>
            {columns.map((column) => (
              <TableHead key={column.head} className={column.className}>
                {column.head}
              </TableHead>
            ))}
            <TableHead className="w-24 text-right">{TICKET_SETTINGS_TEXT.actions}</TableHead>
          </>
        }
      >
        {rows.map((row) => (
          <TableRow key={row._id}>
            {columns.map((column) => (
              <TableCell key={column.head} className={column.className}>
                {column.cell(row)}
              </TableCell>
            ))}
            <TableCell>
              {canEdit && rowEditable(row) && (
                <RowActions>
                  <EditRowButton
                    label={`${TICKET_SETTINGS_TEXT.edit} ${row.name}`}
                    tooltip={TICKET_SETTINGS_TEXT.edit}
                    onClick={() => dialog.edit(row)}
                  />
                  <DeleteRowButton
                    label={`${TICKET_SETTINGS_TEXT.delete} ${row.name}`}
                    title={deleteConfirmText(row.name)}
                    description={TICKET_SETTINGS_TEXT.deleteHint}
                    onConfirm={() => removeWithFeedback(() => remove.mutateAsync(row._id))}
                  />
                </RowActions>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </ListPage>
  );
}

/** A row's name, truncated with the whole of it on hover. */
export function NameCell({ name }: { name: string }) {
  return (
    <span className="block max-w-72 truncate font-medium text-slate-900" title={name}>
      {name}
    </span>
  );
}

export const Dash = () => <span className="text-slate-400">—</span>;
