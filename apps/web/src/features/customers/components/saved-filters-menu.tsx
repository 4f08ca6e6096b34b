import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark, Loader2, Save, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { isApiError } from '@/lib/errors';
import { useGuardedSubmit } from '@/lib/use-guarded-submit';
import { toast } from '@/lib/toast';
import type { SavedFilter } from '@omnicare/shared/saved-filters/saved-filters.schemas';
import { createSavedFilter, deleteSavedFilter, fetchSavedFilters } from '../customers.api';
import { customerKeys } from '../customers.queries';
import { COMMON_TEXT, CUSTOMER_TEXT, DETAIL_TEXT } from '../customers-text';

export interface SavedFiltersMenuProps {
  /** The filters in force now (keyword, filters, sort), saved as they are. */
  current: Record<string, unknown>;
  onApply: (filters: Record<string, unknown>) => void;
}

function SaveDialog({
  current,
  onClose,
}: {
  current: Record<string, unknown>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => createSavedFilter(name.trim(), current),
    onSuccess: () => {
      toast.success(CUSTOMER_TEXT.filterSaved);
      void queryClient.invalidateQueries({ queryKey: customerKeys.savedFilters });
      onClose();
    },
    onError: (failure) => {
      if (isApiError(failure)) setError(failure.fieldErrors[0]?.message ?? null);
    },
  });
  // Once at a time: a double click saves one filter, not two.
  const guarded = useGuardedSubmit((event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(DETAIL_TEXT.required(CUSTOMER_TEXT.filterName));
      return;
    }
    return save.mutateAsync().catch(() => undefined);
  });
  const busy = save.isPending || guarded.busy;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <form className="flex flex-col gap-4" noValidate onSubmit={guarded.submit}>
          <DialogHeader>
            <DialogTitle>{CUSTOMER_TEXT.saveFilter}</DialogTitle>
            <DialogDescription className="sr-only">{CUSTOMER_TEXT.filterName}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="saved-filter-name">{CUSTOMER_TEXT.filterName}</Label>
            <Input
              id="saved-filter-name"
              value={name}
              autoFocus
              maxLength={100}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'saved-filter-name-error' : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
            <FieldError id="saved-filter-name-error" message={error ?? undefined} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {COMMON_TEXT.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {COMMON_TEXT.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Saved filters of the customer list: save the current one, apply one, delete one. */
export function SavedFiltersMenu({ current, onApply }: SavedFiltersMenuProps) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    queryKey: customerKeys.savedFilters,
    queryFn: ({ signal }) => fetchSavedFilters(signal),
  });
  const remove = useMutation({
    mutationFn: deleteSavedFilter,
    onSuccess: () => {
      toast.success(CUSTOMER_TEXT.filterDeleted);
      void queryClient.invalidateQueries({ queryKey: customerKeys.savedFilters });
    },
  });
  const filters: SavedFilter[] = query.data ?? [];
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
            <Bookmark aria-hidden="true" />
            {CUSTOMER_TEXT.savedFilters}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72">
          <DropdownMenuItem onSelect={() => setSaving(true)}>
            <Save />
            {CUSTOMER_TEXT.saveFilter}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>{CUSTOMER_TEXT.savedFilters}</DropdownMenuLabel>
          {filters.length === 0 && (
            <p className="px-2 py-1.5 text-sm text-slate-500">{CUSTOMER_TEXT.noSavedFilters}</p>
          )}
          {filters.map((filter) => (
            <div key={filter._id} className="flex items-center gap-1">
              <DropdownMenuItem className="min-w-0 flex-1" onSelect={() => onApply(filter.filters)}>
                <span className="truncate">{filter.name}</span>
              </DropdownMenuItem>
              <button
                type="button"
                aria-label={CUSTOMER_TEXT.deleteFilter(filter.name)}
                className="rounded p-1.5 text-slate-400 outline-none hover:bg-red-50 hover:text-red-600 focus-visible:ring-2 focus-visible:ring-teal-600/50"
                onClick={() => remove.mutate(filter._id)}
              >
                <Trash2 className="size-4" />
              </button>
            </div>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {saving && <SaveDialog current={current} onClose={() => setSaving(false)} />}
    </>
  );
}
