import { ChevronDown, GitMerge, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCan } from '@/lib/use-can';
import { MERGE_TEXT } from './ticket-merge-dialog';

export const DETAIL_ACTIONS_TEXT = {
  menu: 'Thao tác',
  delete: 'Xóa ticket',
  mergedInto: 'Ticket này đã được gộp vào ticket',
  mergedHint: 'Mọi trao đổi đã chuyển sang ticket đó; hãy tiếp tục xử lý ở đó.',
  open: 'Mở ticket',
} as const;

/**
 * The ticket page's 'Thao tác' menu: merge into another ticket, and delete for the roles
 * holding `ticket.delete` (the server refuses the others).
 */
export function TicketActionsMenu({
  mergeable,
  onMerge,
  onDelete,
}: {
  mergeable: boolean;
  onMerge: () => void;
  onDelete: () => void;
}) {
  const mayDelete = useCan('ticket.delete');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          {DETAIL_ACTIONS_TEXT.menu}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem disabled={!mergeable} onSelect={onMerge}>
          <GitMerge aria-hidden="true" />
          {MERGE_TEXT.action}
        </DropdownMenuItem>
        {mayDelete && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2 aria-hidden="true" />
              {DETAIL_ACTIONS_TEXT.delete}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
