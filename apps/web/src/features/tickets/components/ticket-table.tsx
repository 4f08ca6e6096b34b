import { Link } from 'react-router';
import { Columns3, X } from 'lucide-react';
import type { TicketListItem, TicketSortKey } from '@omnicare/shared/tickets/tickets.schemas';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { useShellNavigation } from '@/components/layout/shell-navigation';
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

/** This year's moments without the year ('29/11 18:45'), the whole on hover. */
function ListDateTime({ value }: { value: string }) {
  const whole = formatDateTime(value);
  const thisYear = String(new Date().getFullYear());
  return <span title={whole}>{whole.replace(`/${thisYear} `, ' ')}</span>;
}

/** A column's head: its label may wrap ('Mức độ ưu tiên') so the subject keeps the room. */
const HEAD_CLASS = 'px-2 whitespace-normal';

/** A button's text shown from 1536 px wide; below it the icon, named by its title and label. */
export function NarrowHidden({ children }: { children: string }) {
  return <span className="sr-only 2xl:not-sr-only">{children}</span>;
}

function cellOf(row: TicketListItem, column: TicketColumnId) {
  switch (column) {
    case 'status':
      return <TicketStatusBadge status={row.status} />;
    // Names the tenant chose are cut short in the list: a long one must not widen the table.
    case 'priority':
      return (
        <span className="block max-w-28">
          <PriorityLabel priority={row.priority} />
        </span>
      );
    case 'requester':
      return <span className="block max-w-28 truncate">{row.requester?.name ?? ''}</span>;
    case 'assignee':
      return (
        <span className="block max-w-28 truncate">
          {row.assignee?.name ?? <span className="text-slate-400">{TICKET_TEXT.unassigned}</span>}
        </span>
      );
    case 'group':
      return <span className="block max-w-28 truncate">{row.group?.name ?? ''}</span>;
    case 'type':
      return (
        <span className="block max-w-28 truncate" title={row.type?.name}>
          {row.type?.name ?? ''}
        </span>
      );
    case 'source':
      return CHANNEL_SOURCE.label(row.source);
    case 'sla':
      return (
        <SlaLabel dueAt={row.sla_due_at ?? row.due_at} breachedAt={row.sla_breached_at} compact />
      );
    case 'created_at':
      return <ListDateTime value={row.created_at} />;
    case 'updated_at':
      return <ListDateTime value={row.updated_at} />;
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
        <Button variant="outline" size="sm" title={TICKET_TEXT.columns}>
          <Columns3 aria-hidden="true" />
          <NarrowHidden>{TICKET_TEXT.columns}</NarrowHidden>
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
  const { recordPath } = useShellNavigation();
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
          <SortableHead label={TICKET_TEXT.code} column="code" className="px-2" {...sorting} />
          <SortableHead
            label={TICKET_TEXT.subject}
            column="subject"
            className="w-full px-2"
            {...sorting}
          />
          {shown.map((column) =>
            'sort' in column ? (
              <SortableHead
                key={column.id}
                label={column.label}
                column={column.sort}
                className={HEAD_CLASS}
                {...sorting}
              />
            ) : (
              <TableHead key={column.id} className={HEAD_CLASS}>
                {column.label}
              </TableHead>
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
          <TableCell className="px-2 whitespace-nowrap tabular-nums text-slate-500">
            {row.code}
          </TableCell>
          {/* The subject takes what the other columns leave, cut short with the whole on hover. */}
          <TableCell className="w-full max-w-0 min-w-40 px-2">
            <Link
              to={recordPath('ticket', row.number)}
              className="block truncate font-medium text-slate-900 outline-none hover:text-teal-800 focus-visible:underline"
              title={row.subject}
            >
              {row.subject}
            </Link>
          </TableCell>
          {shown.map((column) => (
            <TableCell key={column.id} className="px-2 whitespace-nowrap">
              {cellOf(row, column.id)}
            </TableCell>
          ))}
        </TableRow>
      ))}
    </ListTable>
  );
}
