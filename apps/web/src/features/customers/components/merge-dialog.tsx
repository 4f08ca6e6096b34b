import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GitMerge, Loader2, Search } from 'lucide-react';
import type {
  CustomerDetail,
  CustomerListItem,
} from '@omnicare/shared/customers/customers.schemas';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-list-params';
import { fetchCustomers, mergeCustomers } from '../customers.api';
import { customerKeys } from '../customers.queries';
import { COMMON_TEXT, DETAIL_TEXT } from '../customers-text';
import { CustomerAvatar } from './customer-avatar';

/** 'Gộp khách hàng': pick another customer, confirm, and merge it into this one. */
export function MergeDialog({
  survivor,
  onMerged,
}: {
  survivor: CustomerDetail;
  onMerged: (customer: CustomerDetail) => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<CustomerListItem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const keyword = useDebouncedValue(search).trim();
  const results = useQuery({
    queryKey: [...customerKeys.customers, 'merge-search', keyword],
    queryFn: ({ signal }) =>
      fetchCustomers(
        { keyword, sort: 'updated_at', order: 'desc', page: 1, page_size: 10 },
        signal,
      ),
    enabled: open && keyword.length > 0,
  });
  const merge = useMutation({
    mutationFn: () => mergeCustomers(survivor._id, picked?._id ?? ''),
    onSuccess: (customer) => {
      toast.success(DETAIL_TEXT.merged);
      void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
      reset();
      onMerged(customer);
    },
  });
  function reset() {
    setOpen(false);
    setSearch('');
    setPicked(null);
    setConfirming(false);
  }
  function close(next: boolean) {
    if (merge.isPending) return;
    if (next) setOpen(true);
    else reset();
  }
  const candidates = (results.data?.data ?? []).filter((item) => item._id !== survivor._id);

  return (
    <>
      <Button variant="outline" onClick={() => close(true)}>
        <GitMerge aria-hidden="true" />
        {DETAIL_TEXT.merge}
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{DETAIL_TEXT.mergeTitle}</DialogTitle>
            <DialogDescription>{DETAIL_TEXT.mergeHint(survivor.name)}</DialogDescription>
          </DialogHeader>
          {confirming && picked ? (
            <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {DETAIL_TEXT.mergeQuestion(picked.name, survivor.name)}
            </p>
          ) : (
            <div className="flex flex-col gap-2">
              <div className="relative">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
                  aria-hidden="true"
                />
                <Input
                  type="search"
                  autoFocus
                  className="pl-9"
                  aria-label={DETAIL_TEXT.mergeSearch}
                  placeholder={DETAIL_TEXT.mergeSearch}
                  value={search}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    setPicked(null);
                  }}
                />
              </div>
              {keyword && (
                <ul
                  role="listbox"
                  aria-label={DETAIL_TEXT.mergePick}
                  className="flex max-h-64 flex-col overflow-y-auto rounded-lg border border-slate-200"
                >
                  {results.isFetching && candidates.length === 0 && (
                    <li className="flex justify-center py-4">
                      <Loader2 className="size-4 animate-spin text-slate-400" aria-hidden="true" />
                    </li>
                  )}
                  {!results.isFetching && candidates.length === 0 && (
                    <li>
                      <EmptyState className="py-4" />
                    </li>
                  )}
                  {candidates.map((item) => (
                    <li
                      key={item._id}
                      role="option"
                      aria-selected={picked?._id === item._id}
                      tabIndex={0}
                      onClick={() => setPicked(item)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter' || event.key === ' ') {
                          event.preventDefault();
                          setPicked(item);
                        }
                      }}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 border-b border-slate-100 px-3 py-2 text-sm outline-none last:border-0 hover:bg-slate-50 focus-visible:bg-slate-50',
                        picked?._id === item._id && 'bg-teal-50 hover:bg-teal-50',
                      )}
                    >
                      <CustomerAvatar name={item.name} url={item.avatar_url} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-slate-900">
                          {item.name}
                        </span>
                        <span className="block truncate text-xs text-slate-500">
                          {[item.phone, item.email].filter(Boolean).join(' · ')}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => (confirming ? setConfirming(false) : close(false))}
            >
              {COMMON_TEXT.cancel}
            </Button>
            {confirming ? (
              <Button
                variant="destructive"
                disabled={merge.isPending}
                onClick={() => merge.mutate()}
              >
                {merge.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                {DETAIL_TEXT.mergeConfirm}
              </Button>
            ) : (
              <Button disabled={!picked} onClick={() => setConfirming(true)}>
                {DETAIL_TEXT.mergeConfirm}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
