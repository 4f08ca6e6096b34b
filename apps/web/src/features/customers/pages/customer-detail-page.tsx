import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2, UserX } from 'lucide-react';
import type { CustomerDetail } from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_TIER } from '@omnicare/shared/customers/customer-enums';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, deleteConfirmText } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { recordTabKey, recordTabTitle, useRecordTabsStore } from '@/stores/record-tabs-store';
import { CustomerForm } from '../components/customer-form';
import { CustomerTimeline } from '../components/customer-timeline';
import { MergeDialog } from '../components/merge-dialog';
import { deleteCustomer, fetchCustomer } from '../customers.api';
import { useCan } from '@/lib/use-can';
import { customerKeys } from '../customers.queries';
import { CUSTOMER_TEXT, DETAIL_TEXT } from '../customers-text';
import { customerListAddress } from '../customer-list-address';

const isNewId = (id: string) => id.startsWith('new');

/** /customers/{customerId}: the record tab of one customer, or a new one for 'new…' ids. */
export function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canMerge = useCan('customer.merge');
  const canDelete = useCan('customer.delete');
  const closeTab = useRecordTabsStore((state) => state.close);
  const tabKey = recordTabKey('customer', customerId);
  const creating = isNewId(customerId);
  const query = useQuery({
    queryKey: customerKeys.customer(customerId),
    queryFn: ({ signal }) => fetchCustomer(customerId, signal),
    enabled: !creating,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: () => deleteCustomer(customerId),
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
    closeTab(tabKey);
    void navigate(`/customers/${saved._id}`, { replace: true });
  };

  const customer = query.data;
  const heading = creating
    ? CUSTOMER_TEXT.add
    : (customer?.name ?? recordTabTitle('customer', customerId));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-xs font-medium text-slate-500">
            {recordTabTitle('customer', customerId)}
          </p>
          <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900">
            {heading}
          </h1>
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
                  queryClient.setQueryData(customerKeys.customer(merged._id), merged);
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
      {!creating && query.isError && (
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
            <Card className="h-fit p-5">
              <CustomerTimeline customerId={customer._id} />
            </Card>
          )}
        </div>
      )}
    </div>
  );
}
