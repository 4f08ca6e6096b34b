import { useShellNavigation } from '@/components/layout/shell-navigation';
import { Link } from 'react-router';
import { X } from 'lucide-react';
import type { CustomerListItem } from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_TIER } from '@omnicare/shared/customers/customer-enums';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import {
  ListTable,
  type ListQueryState,
  SelectPageHead,
  SelectRowCell,
  SortableHead,
} from '@/components/list/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import type { RowSelection } from '@/lib/use-row-selection';
import type { CustomerSort, SortOrder } from '../customers.api';
import { CUSTOMER_TEXT } from '../customers-text';
import { CustomerAvatar } from './customer-avatar';

const TIER_BADGE = ['secondary', 'outline', 'warning', 'default'] as const;

/**
 * The customers of a page, each a link to its record, with a checkbox and sortable columns;
 * an empty result of a search or filters offers to clear them (`onClearFilters`).
 */
export function CustomerTable({
  rows,
  query,
  sort,
  order,
  onSort,
  selection,
  onClearFilters,
}: {
  rows: CustomerListItem[];
  query: ListQueryState;
  sort: CustomerSort;
  order: SortOrder;
  onSort: (column: CustomerSort) => void;
  selection: RowSelection<CustomerListItem>;
  /** Given while a keyword or a filter is active. */
  onClearFilters?: () => void;
}) {
  const { recordPath } = useShellNavigation();
  const sorting = { sort, order, onSort };
  return (
    <ListTable
      label={CUSTOMER_TEXT.listTitle}
      query={query}
      empty={rows.length === 0}
      columns={10}
      skeletonClassName="h-6 w-full"
      emptyAction={
        onClearFilters && (
          <Button variant="outline" size="sm" onClick={onClearFilters}>
            <X aria-hidden="true" />
            {CUSTOMER_TEXT.clearFilters}
          </Button>
        )
      }
      head={
        <>
          <SelectPageHead
            label={CUSTOMER_TEXT.selectAll}
            checked={selection.allOnPage}
            onChange={selection.togglePage}
            disabled={rows.length === 0}
          />
          <SortableHead label={CUSTOMER_TEXT.name} column="name" {...sorting} />
          <TableHead>{CUSTOMER_TEXT.phone}</TableHead>
          <TableHead className="hidden lg:table-cell">{CUSTOMER_TEXT.email}</TableHead>
          <SortableHead label={CUSTOMER_TEXT.tier} column="tier" {...sorting} />
          <TableHead className="hidden 2xl:table-cell">{CUSTOMER_TEXT.source}</TableHead>
          <TableHead className="hidden lg:table-cell">{CUSTOMER_TEXT.owner}</TableHead>
          <TableHead className="hidden 2xl:table-cell">{CUSTOMER_TEXT.organization}</TableHead>
          <SortableHead
            label={CUSTOMER_TEXT.createdAt}
            column="created_at"
            {...sorting}
            className="hidden md:table-cell"
          />
          <SortableHead
            label={CUSTOMER_TEXT.updatedAt}
            column="updated_at"
            {...sorting}
            className="hidden min-[1800px]:table-cell"
          />
        </>
      }
    >
      {rows.map((row) => (
        <TableRow key={row._id} data-state={selection.isSelected(row._id) ? 'selected' : undefined}>
          <SelectRowCell
            label={CUSTOMER_TEXT.selectRow(row.name)}
            checked={selection.isSelected(row._id)}
            onChange={() => selection.toggle(row)}
          />
          <TableCell>
            <Link
              to={recordPath('customer', row.number)}
              className="flex min-w-0 items-center gap-2 font-medium text-slate-900 outline-none hover:text-teal-800 focus-visible:underline"
            >
              <CustomerAvatar name={row.name} url={row.avatar_url} />
              <span className="max-w-32 truncate xl:max-w-48">{row.name}</span>
            </Link>
          </TableCell>
          <TableCell className="whitespace-nowrap tabular-nums">{formatPhone(row.phone)}</TableCell>
          <TableCell className="hidden max-w-48 truncate lg:table-cell">
            {row.email ?? ''}
          </TableCell>
          <TableCell>
            <Badge variant={TIER_BADGE[row.tier] ?? 'secondary'}>
              {CUSTOMER_TIER.label(row.tier)}
            </Badge>
          </TableCell>
          <TableCell className="hidden whitespace-nowrap 2xl:table-cell">
            {CHANNEL_SOURCE.label(row.source)}
          </TableCell>
          <TableCell className="hidden max-w-40 truncate lg:table-cell">
            {row.owner?.name ?? ''}
          </TableCell>
          <TableCell className="hidden max-w-40 truncate 2xl:table-cell">
            {row.organization?.name ?? ''}
          </TableCell>
          <TableCell className="hidden whitespace-nowrap md:table-cell">
            {formatDateTime(row.created_at)}
          </TableCell>
          <TableCell className="hidden whitespace-nowrap min-[1800px]:table-cell">
            {formatDateTime(row.updated_at)}
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
