import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, GitMerge, Loader2, Search } from 'lucide-react';
import type {
  CustomerDetail,
  CustomerListItem,
} from '@omnicare/shared/customers/customers.schemas';
import { DUPLICATE_REASON_LABEL } from '@omnicare/shared/customers/customers.schemas';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { Badge } from '@/components/ui/badge';
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
import {
  fetchCustomer,
  fetchCustomerDuplicates,
  fetchCustomers,
  mergeCustomers,
} from '../customers.api';
import { customerKeys, useCustomerFields } from '../customers.queries';
import { COMMON_TEXT, DETAIL_TEXT } from '../customers-text';
import { CustomerAvatar } from './customer-avatar';
import { MergeComparison } from './merge-comparison';

/**
 * 'Gộp khách hàng': pick another customer (likely duplicates are offered first), see both side
 * by side with what the merge keeps, confirm, and merge it into this one.
 */
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
  const fields = useCustomerFields();
  const duplicates = useQuery({
    queryKey: [...customerKeys.customer(survivor._id), 'duplicates'],
    queryFn: ({ signal }) => fetchCustomerDuplicates(survivor._id, signal),
    enabled: open,
  });
  const results = useQuery({
    queryKey: [...customerKeys.customers, 'merge-search', keyword],
    queryFn: ({ signal }) =>
      fetchCustomers(
        { keyword, sort: 'updated_at', order: 'desc', page: 1, page_size: 10 },
        signal,
      ),
    enabled: open && keyword.length > 0,
  });
  const other = useQuery({
    queryKey: customerKeys.customer(picked?._id ?? ''),
    queryFn: ({ signal }) => fetchCustomer(picked?._id ?? '', signal),
    enabled: picked !== null,
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
  const suggested = duplicates.data ?? [];

  const option = (item: CustomerListItem, extra?: ReactNode) => (
    <li
      key={item._id}
      role="option"
      aria-selected={false}
      tabIndex={0}
      onClick={() => setPicked(item)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          setPicked(item);
        }
      }}
      className="flex cursor-pointer items-center gap-2 border-b border-slate-100 px-3 py-2 text-sm outline-none last:border-0 hover:bg-slate-50 focus-visible:bg-slate-50"
    >
      <CustomerAvatar name={item.name} url={item.avatar_url} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900">{item.name}</span>
        <span className="block truncate text-xs text-slate-500">
          {[formatPhone(item.phone), item.email].filter(Boolean).join(' · ')}
        </span>
      </span>
      {extra}
    </li>
  );

  const picking = (
    <div className="flex flex-col gap-3">
      <section className="flex flex-col gap-1.5">
        <h3 className="text-sm font-medium text-slate-700">{DETAIL_TEXT.mergeSuggested}</h3>
        {duplicates.isPending ? (
          <Loader2 className="size-4 animate-spin text-slate-400" aria-hidden="true" />
        ) : suggested.length === 0 ? (
          <p className="text-sm text-slate-500">{DETAIL_TEXT.mergeNoSuggestion}</p>
        ) : (
          <ul
            role="listbox"
            aria-label={DETAIL_TEXT.mergeSuggested}
            className="flex max-h-48 flex-col overflow-y-auto rounded-lg border border-slate-200"
          >
            {suggested.map((item) =>
              option(
                item,
                <span className="flex shrink-0 gap-1">
                  {item.reasons.map((reason) => (
                    <Badge key={reason} variant="secondary">
                      {DUPLICATE_REASON_LABEL[reason]}
                    </Badge>
                  ))}
                </span>,
              ),
            )}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-1.5">
        <h3 className="text-sm font-medium text-slate-700">{DETAIL_TEXT.mergeOrSearch}</h3>
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
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        {keyword && (
          <ul
            role="listbox"
            aria-label={DETAIL_TEXT.mergePick}
            className="flex max-h-56 flex-col overflow-y-auto rounded-lg border border-slate-200"
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
            {candidates.map((item) => option(item))}
          </ul>
        )}
      </section>
    </div>
  );

  return (
    <>
      <Button variant="outline" onClick={() => close(true)}>
        <GitMerge aria-hidden="true" />
        {DETAIL_TEXT.merge}
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent className={cn(picked ? 'max-w-4xl' : 'max-w-lg')}>
          <DialogHeader>
            <DialogTitle>{DETAIL_TEXT.mergeTitle}</DialogTitle>
            <DialogDescription>{DETAIL_TEXT.mergeHint(survivor.name)}</DialogDescription>
          </DialogHeader>
          {!picked ? (
            picking
          ) : other.data ? (
            <div className="flex flex-col gap-2">
              <MergeComparison survivor={survivor} merged={other.data} fields={fields.data ?? []} />
              {confirming && (
                <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  {DETAIL_TEXT.mergeQuestion(picked.name, survivor.name)}
                </p>
              )}
            </div>
          ) : (
            <div className="flex justify-center py-6">
              <Loader2 className="size-5 animate-spin text-slate-400" aria-hidden="true" />
            </div>
          )}
          <DialogFooter>
            {picked && !merge.isPending && (
              <Button
                variant="ghost"
                className="sm:mr-auto"
                onClick={() => {
                  setPicked(null);
                  setConfirming(false);
                }}
              >
                <ArrowLeft aria-hidden="true" />
                {DETAIL_TEXT.mergeBack}
              </Button>
            )}
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
              <Button disabled={!other.data} onClick={() => setConfirming(true)}>
                {DETAIL_TEXT.mergeConfirm}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
