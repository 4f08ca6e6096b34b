import { useLocation } from 'react-router';
import { RoutePlaceholder } from '@/components/feedback/placeholder-page';
import { ReportFrame, type ReportFilter } from '../components/report-frame';

type Framed = 'ticket' | 'group' | 'customer' | 'call' | 'agent';

/** Each report's filters, and whether its durations may be counted in business hours. */
export const REPORT_SCREENS: Record<Framed, { filters: ReportFilter[]; businessHours: boolean }> = {
  ticket: { filters: ['source', 'group', 'agent', 'tag', 'priority'], businessHours: true },
  group: { filters: ['source', 'tag', 'priority'], businessHours: true },
  customer: { filters: ['source', 'group', 'agent'], businessHours: false },
  call: { filters: ['queue', 'group', 'agent'], businessHours: false },
  agent: { filters: ['group', 'source'], businessHours: true },
};

/**
 * /report/ticket, group, customer, call and agent: the report frame with the report's own
 * filters (/report/summary, custom and ad-funnel have pages of their own).
 */
export function ReportPage() {
  const name = useLocation().pathname.split('/')[2] as Framed | string;
  const screen = REPORT_SCREENS[name as Framed];
  if (!screen) return <RoutePlaceholder />;
  return <ReportFrame key={name} report={name as Framed} {...screen} />;
}
