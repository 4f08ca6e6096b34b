import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2, UserX } from 'lucide-react';
import type { CustomerDetail, MergedInto } from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_TIER } from '@omnicare/shared/customers/customer-enums';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, deleteConfirmText } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { isApiError } from '@/lib/errors';
import { useRecordTab } from '@/components/layout/use-record-tab';
import { recordTabTitle, useRecordTabsStore } from '@/stores/record-tabs-store';
import { CustomerForm } from '../components/customer-form';
import { CustomerTimeline } from '../components/customer-timeline';
import { CustomerTickets } from '@/features/tickets/components/customer-tickets';
import { CustomerCalls } from '@/features/telephony/components/customer-calls';
import { MergeDialog } from '../components/merge-dialog';
import { deleteCustomer, fetchCustomer } from '../customers.api';
import { useCan } from '@/lib/use-can';
import { customerKeys } from '../customers.queries';
import { CUSTOMER_TEXT, DETAIL_TEXT } from '../customers-text';
import { customerListAddress } from '../customer-list-address';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { ClickToCallButton } from '@/features/telephony/softphone/components/click-to-call-button';

const isNewId = (id: string) => id.startsWith('new');

/** The survivor named by the 404 of a merged-away customer, if that is why it is missing. */
function mergedIntoOf(error: unknown): MergedInto | null {
  if (!isApiError(error) || error.status !== 404) return null;
  const body = error.body as { merged_into?: MergedInto } | undefined;
  return typeof body?.merged_into?.number === 'number' ? body.merged_into : null;
}

/**
 * /customers/{customerId}: the record tab of one customer (by its number; an id moves to the
 * number), or a new one for 'new…' ids.
 */
export function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canMerge = useCan('customer.merge');
  const canDelete = useCan('customer.delete');
  const closeTab = useRecordTabsStore((state) => state.close);
  const creating = isNewId(customerId);
  const query = useQuery({
    queryKey: customerKeys.customer(customerId),
    queryFn: async ({ signal }) => {
      const found = await fetchCustomer(customerId, signal);
      // Opened by id, the page moves to the number: that address needs no second request.
      queryClient.setQueryData(customerKeys.customer(String(found.number)), found);
      return found;
    },
    enabled: !creating,
    meta: { silent: true },
  });
  const customer = query.data;
  const { tabKey, openInstead } = useRecordTab('customer', customerId, customer);
  const mergedInto = mergedIntoOf(query.error);
  useEffect(() => {
    if (!mergedInto) return;
    toast.info(
      DETAIL_TEXT.mergedAway(
        recordTabTitle('customer', customerId),
        recordTabTitle('customer', String(mergedInto.number)),
        mergedInto.name,
      ),
    );
    openInstead(mergedInto.number);
  }, [customerId, mergedInto, openInstead]);
  const remove = useMutation({
    mutationFn: () => deleteCustomer(customer?._id ?? customerId),
    onSuccess: () => {
      toast.success(DETAIL_TEXT.deleted);
      void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
      closeTab(tabKey);
      // Back to the list as the user left it (search, filters, page).
      void navigate(customerListAddress(), { replace: true });
    },
  });

  const onSaved = (saved: CustomerDetail, created: boolean) => {
    if (!created) {
      void queryClient.invalidateQueries({ queryKey: customerKeys.timeline(saved._id) });
      return;
    }
    // The new tab gives way to the created customer's own tab.
    queryClient.setQueryData(customerKeys.customer(String(saved.number)), saved);
    openInstead(saved.number);
  };

  const title = recordTabTitle('customer', customer ? String(customer.number) : customerId);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          {/* The tab keeps the spec's 'Customer {id}'; the heading is the customer's name. */}
          <h1
            data-testid={customer ? 'record-name' : undefined}
            className="truncate text-xl font-semibold tracking-tight text-slate-900"
            title={customer?.name}
          >
            {customer?.name ?? title}
          </h1>
          {customer?.phone && (
            <p className="flex items-center gap-1 text-sm text-slate-600 tabular-nums">
              <span data-testid="customer-phone">
                {formatPhone(customer.phone) || customer.phone}
              </span>
              <ClickToCallButton number={customer.phone} testId="customer-click-to-call" />
            </p>
          )}
          {customer && (
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <Badge variant="secondary">{CUSTOMER_TIER.label(customer.tier)}</Badge>
              <span>{CHANNEL_SOURCE.label(customer.source)}</span>
              <span aria-hidden="true">·</span>
              <span>
                {CUSTOMER_TEXT.createdAt} {formatDateTime(customer.created_at)}
              </span>
            </div>
          )}
        </div>
        {customer && (canMerge || canDelete) && (
          <div className="flex flex-wrap gap-2">
            {canMerge && (
              <MergeDialog
                survivor={customer}
                onMerged={(merged) => {
                  // The merged-away customer's page, if opened again, asks the server and is
                  // sent here; none of its answers kept in memory may show it as it was.
                  queryClient.removeQueries({
                    queryKey: customerKeys.details,
                    predicate: (cached) => cached.queryKey[2] !== customerId,
                  });
                  queryClient.setQueryData(customerKeys.customer(customerId), merged);
                  void queryClient.invalidateQueries({
                    queryKey: customerKeys.timeline(merged._id),
                  });
                }}
              />
            )}
            {canDelete && (
              <ConfirmDialog
                title={deleteConfirmText(customer.name)}
                description={DETAIL_TEXT.irreversible}
                onConfirm={() => remove.mutateAsync().catch(() => undefined)}
                trigger={
                  <Button
                    variant="outline"
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                  >
                    <Trash2 aria-hidden="true" />
                    {DETAIL_TEXT.deleteCustomer}
                  </Button>
                }
              />
            )}
          </div>
        )}
      </div>

      {!creating && query.isPending && (
        <Card className="flex flex-col gap-3 p-5">
          <Skeleton className="h-20 w-20 rounded-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-2/3" />
        </Card>
      )}
      {!creating && query.isError && !mergedInto && (
        <Card className="flex flex-col items-center gap-2 px-5 py-12 text-center">
          <UserX className="size-8 text-slate-300" aria-hidden="true" />
          <p className="max-w-md text-sm text-slate-600">{DETAIL_TEXT.notFound}</p>
        </Card>
      )}
      {(creating || customer) && (
        <div className="grid min-w-0 gap-4 xl:grid-cols-[minmax(0,1fr)_320px]">
          <Card className="min-w-0 p-5">
            <CustomerForm
              key={customer ? `${customer._id}:${customer.updated_at}` : customerId}
              tabKey={tabKey}
              customer={customer}
              onSaved={onSaved}
            />
          </Card>
          {customer && (
            <div className="flex h-fit flex-col gap-4">
              <Card className="p-5">
                <CustomerTickets customerId={customer._id} />
              </Card>
              <Card className="p-5">
                <CustomerCalls customerId={customer._id} shown={10} />
              </Card>
              <Card className="p-5">
                <CustomerTimeline customerId={customer._id} />
              </Card>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
