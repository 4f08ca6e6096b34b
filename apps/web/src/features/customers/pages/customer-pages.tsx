import { RoutePlaceholder } from '@/components/feedback/placeholder-page';
import { RecordPlaceholder } from '@/components/feedback/record-placeholder';

export function CustomerAreaPage() {
  return <RoutePlaceholder />;
}

export function CustomerDetailPage() {
  return <RecordPlaceholder area="customers" />;
}
