import { useQuery } from '@tanstack/react-query';
import {
  FolderPlus,
  GitMerge,
  History,
  ImageIcon,
  PencilLine,
  Tag,
  UserCog,
  UserPlus,
} from 'lucide-react';
import { auditActionLabel, type AuditAction } from '@omnicare/shared/audit/audit-actions';
import { formatDateTime, formatRelative } from '@omnicare/shared/platform/time';
import { Skeleton } from '@/components/ui/skeleton';
import { fetchCustomerTimeline } from '../customers.api';
import { customerKeys } from '../customers.queries';
import { DETAIL_TEXT, TIMELINE_FIELD_LABEL } from '../customers-text';

const KIND_ICON: Partial<Record<AuditAction, typeof History>> = {
  'customer.create': UserPlus,
  'customer.update': PencilLine,
  'customer.avatar': ImageIcon,
  'customer.add_group': FolderPlus,
  'customer.add_tag': Tag,
  'customer.assign_owner': UserCog,
  'customer.merge': GitMerge,
};

/**
 * What an entry adds to its kind: the name a customer was created or merged under, or the
 * fields an update changed ('Hạng khách hàng, Tags').
 */
export function timelineDetailText(detail: Record<string, unknown> | null): string {
  if (!detail) return '';
  if (typeof detail.merged_name === 'string') return detail.merged_name;
  if (typeof detail.name === 'string') return detail.name;
  if (Array.isArray(detail.changed)) {
    const labels = detail.changed.map((key) => TIMELINE_FIELD_LABEL[String(key)]);
    return [...new Set(labels.filter(Boolean))].join(', ');
  }
  return '';
}

/** What happened to the customer, newest first. */
export function CustomerTimeline({ customerId }: { customerId: string }) {
  const query = useQuery({
    queryKey: customerKeys.timeline(customerId),
    queryFn: ({ signal }) => fetchCustomerTimeline(customerId, signal),
  });
  const entries = query.data?.data ?? [];
  return (
    <section aria-labelledby="customer-timeline-title" className="flex flex-col gap-3">
      <h2
        id="customer-timeline-title"
        className="flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        <History className="size-4 text-teal-700" aria-hidden="true" />
        {DETAIL_TEXT.timeline}
      </h2>
      {query.isPending && (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      )}
      {!query.isPending && entries.length === 0 && (
        <p className="text-sm text-slate-500">{DETAIL_TEXT.timelineEmpty}</p>
      )}
      <ol className="relative flex flex-col gap-4 border-l border-slate-200 pl-5">
        {entries.map((entry) => {
          const Icon = KIND_ICON[entry.kind as AuditAction] ?? History;
          const more = timelineDetailText(entry.detail);
          return (
            <li key={entry._id} className="relative text-sm">
              <span className="absolute top-0 -left-[31px] flex size-5 items-center justify-center rounded-full border border-slate-200 bg-white">
                <Icon className="size-3 text-teal-700" aria-hidden="true" />
              </span>
              <p className="font-medium text-slate-800">
                {auditActionLabel(entry.kind)}
                {more && <span className="font-normal text-slate-600">: {more}</span>}
              </p>
              <p className="text-xs text-slate-500">
                {entry.actor?.name ? `${entry.actor.name} · ` : ''}
                <time dateTime={entry.at} title={formatDateTime(entry.at)}>
                  {formatRelative(entry.at)}
                </time>
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
