import { useId } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { PAGE_SIZE_OPTIONS } from '@omnicare/shared/platform/constants';
import { cn } from '@/lib/cn';
import { UI_TEXT } from '@/lib/web-constants';
import { Button } from './button';

/** Records divided by page size, rounded up, at least 1 (spec section 2). */
export function totalPages(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface PaginationBarProps {
  page: number;
  pageSize: number;
  /** Undefined while the count is not known (loading, failed): no count is shown. */
  total: number | undefined;
  /** The server stopped counting at `total`: the label says "more than". */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  className?: string;
}

/** 'Hiển thị' [size] 'trong N bản ghi' ... 'Trang X/Y' with first/previous/next/last buttons. */
export function PaginationBar({
  page,
  pageSize,
  total,
  totalCapped = false,
  onPageChange,
  onPageSizeChange,
  className,
}: PaginationBarProps) {
  const selectId = useId();
  const pages = totalPages(total ?? 0, pageSize);
  const current = Math.min(Math.max(1, page), pages);
  const onFirst = current <= 1;
  const onLast = current >= pages;

  return (
    <nav
      aria-label="Phân trang"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600',
        className,
      )}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={selectId}>{UI_TEXT.paginationShow}</label>
        <select
          id={selectId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 shadow-xs outline-none focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600/25"
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        {total !== undefined && (
          <span>{totalCapped ? UI_TEXT.paginationOfMore(total) : UI_TEXT.paginationOf(total)}</span>
        )}
      </div>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon-sm"
          className="hidden sm:inline-flex"
          aria-label="Trang đầu"
          disabled={onFirst}
          onClick={() => onPageChange(1)}
        >
          <ChevronsLeft />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="Trang trước"
          disabled={onFirst}
          onClick={() => onPageChange(current - 1)}
        >
          <ChevronLeft />
        </Button>
        <span className="min-w-20 px-2 text-center tabular-nums" aria-live="polite">
          {UI_TEXT.paginationPage(current, pages)}
        </span>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="Trang sau"
          disabled={onLast}
          onClick={() => onPageChange(current + 1)}
        >
          <ChevronRight />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          className="hidden sm:inline-flex"
          aria-label="Trang cuối"
          disabled={onLast}
          onClick={() => onPageChange(pages)}
        >
          <ChevronsRight />
        </Button>
      </div>
    </nav>
  );
}
