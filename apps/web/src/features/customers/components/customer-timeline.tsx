import { useQuery } from '@tanstack/react-query';
import { ActivityTimeline } from '@/components/timeline/activity-timeline';
import { fetchCustomerTimeline } from '../customers.api';
import { customerKeys } from '../customers.queries';
import { DETAIL_TEXT } from '../customers-text';

/** What happened to the customer, newest first. */
export function CustomerTimeline({ customerId }: { customerId: string }) {
  const query = useQuery({
    queryKey: customerKeys.timeline(customerId),
    queryFn: ({ signal }) => fetchCustomerTimeline(customerId, signal),
    meta: { silent: true },
  });
  return (
    <ActivityTimeline
      title={DETAIL_TEXT.timeline}
      titleId="customer-timeline-title"
      entries={query.data?.data ?? []}
      pending={query.isPending}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      emptyText={DETAIL_TEXT.timelineEmpty}
    />
  );
}
