import { RoutePlaceholder } from '@/components/feedback/placeholder-page';
import { RecordPlaceholder } from '@/components/feedback/record-placeholder';

export function TicketListPage() {
  return <RoutePlaceholder />;
}

export function TicketDetailPage() {
  return <RecordPlaceholder />;
}
