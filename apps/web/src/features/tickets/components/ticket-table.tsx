import { Link } from 'react-router';
import { Columns3, X } from 'lucide-react';
import type { TicketListItem, TicketSortKey } from '@omnicare/shared/tickets/tickets.schemas';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { recordPath } from '@/app/route-table';
import {
  ListTable,
  type ListQueryState,
  SelectPageHead,
  SelectRowCell,
  SortableHead,
} from '@/components/list/list-table';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import type { RowSelection } from '@/lib/use-row-selection';
import type { SortOrder } from '../tickets.api';
import { TICKET_TEXT } from '../tickets-text';
import { PriorityLabel, SlaLabel, TicketStatusBadge } from './ticket-badges';

/** The columns a user may show or hide (code and subject always show). */
export const TICKET_COLUMNS = [
  { id: 'status', label: TICKET_TEXT.status, sort: 'status' },
  { id: 'priority', label: TICKET_TEXT.priority, sort: 'priority' },
  { id: 'requester', label: TICKET_TEXT.requester },
  { id: 'assignee', label: TICKET_TEXT.assignee },
  { id: 'group', label: TICKET_TEXT.group },
  { id: 'type', label: TICKET_TEXT.type },
  { id: 'source', label: TICKET_TEXT.source },
  { id: 'sla', label: TICKET_TEXT.sla, sort: 'due_at' },
  { id: 'created_at', label: TICKET_TEXT.createdAt, sort: 'created_at' },
  { id: 'updated_at', label: TICKET_TEXT.updatedAt, sort: 'updated_at' },
] as const satisfies readonly { id: string; label: string; sort?: TicketSortKey }[];
export type TicketColumnId = (typeof TICKET_COLUMNS)[number]['id'];
export const DEFAULT_TICKET_COLUMNS: readonly TicketColumnId[] = [
  'status',
  'priority',
  'requester',
  'assignee',
  'sla',
  'updated_at',
];

function cellOf(row: TicketListItem, column: TicketColumnId) {
  switch (column) {
    case 'status':
      return <TicketStatusBadge status={row.status} />;
    case 'priority':
      return <PriorityLabel priority={row.priority} />;
    case 'requester':
      return <span className="block max-w-40 truncate">{row.requester?.name ?? ''}</span>;
    case 'assignee':
      return (
        <span className="block max-w-40 truncate">
          {row.assignee?.name ?? <span className="text-slate-400">{TICKET_TEXT.unassigned}</span>}
        </span>
      );
    case 'group':
      return <span className="block max-w-40 truncate">{row.group?.name ?? ''}</span>;
    case 'type':
      return row.type?.name ?? '';
    case 'source':
      return CHANNEL_SOURCE.label(row.source);
    case 'sla':
      return <SlaLabel dueAt={row.sla_due_at ?? row.due_at} breachedAt={row.sla_breached_at} />;
    case 'created_at':
      return formatDateTime(row.created_at);
    case 'updated_at':
      return formatDateTime(row.updated_at);
  }
}

export function ColumnChooser({
  visible,
  onChange,
}: {
  visible: readonly TicketColumnId[];
  onChange: (columns: TicketColumnId[]) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden="true" />
          {TICKET_TEXT.columns}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{TICKET_TEXT.columns}</DropdownMenuLabel>
        {TICKET_COLUMNS.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={visible.includes(column.id)}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) =>
              onChange(
                TICKET_COLUMNS.map((item) => item.id).filter((id) =>
                  id === column.id ? checked : visible.includes(id),
                ),
              )
            }
          >
            {column.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A page of tickets, each a link to its record tab, with selection and sortable columns. */
export function TicketTable({
  rows,
  query,
  columns,
  sort,
  order,
  onSort,
  selection,
  onClearFilters,
}: {
  rows: TicketListItem[];
  query: ListQueryState;
  columns: readonly TicketColumnId[];
  sort: TicketSortKey;
  order: SortOrder;
  onSort: (column: TicketSortKey) => void;
  selection: RowSelection<TicketListItem>;
  onClearFilters?: () => void;
}) {
  const sorting = { sort, order, onSort };
  const shown = TICKET_COLUMNS.filter((column) => columns.includes(column.id));
  return (
    <ListTable
      label={TICKET_TEXT.listTitle}
      query={query}
      empty={rows.length === 0}
      columns={shown.length + 3}
      skeletonClassName="h-6 w-full"
      emptyAction={
        onClearFilters && (
          <Button variant="outline" size="sm" onClick={onClearFilters}>
            <X aria-hidden="true" />
            {TICKET_TEXT.clearFilters}
          </Button>
        )
      }
      head={
        <>
          <SelectPageHead
            label={TICKET_TEXT.selectAll}
            checked={selection.allOnPage}
            onChange={selection.togglePage}
            disabled={rows.length === 0}
          />
          <SortableHead label={TICKET_TEXT.code} column="code" {...sorting} />
          <SortableHead label={TICKET_TEXT.subject} column="subject" {...sorting} />
          {shown.map((column) =>
            'sort' in column ? (
              <SortableHead
                key={column.id}
                label={column.label}
                column={column.sort}
                {...sorting}
              />
            ) : (
              <TableHead key={column.id}>{column.label}</TableHead>
            ),
          )}
        </>
      }
    >
      {rows.map((row) => (
        <TableRow key={row._id} data-state={selection.isSelected(row._id) ? 'selected' : undefined}>
          <SelectRowCell
            label={TICKET_TEXT.selectRow(row.code)}
            checked={selection.isSelected(row._id)}
            onChange={() => selection.toggle(row)}
          />
          <TableCell className="whitespace-nowrap tabular-nums text-slate-500">
            {row.code}
          </TableCell>
          <TableCell>
            <Link
              to={recordPath('ticket', row.number)}
              className="block max-w-72 truncate font-medium text-slate-900 outline-none hover:text-teal-800 focus-visible:underline xl:max-w-md"
              title={row.subject}
            >
              {row.subject}
            </Link>
          </TableCell>
          {shown.map((column) => (
            <TableCell key={column.id} className="whitespace-nowrap">
              {cellOf(row, column.id)}
            </TableCell>
          ))}
        </TableRow>
      ))}
    </ListTable>
  );
}
