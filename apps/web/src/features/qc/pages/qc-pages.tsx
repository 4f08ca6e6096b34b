import { RoutePlaceholder } from '@/components/feedback/placeholder-page';

/** Screens of this area render their title and 'Đang phát triển' until their issue lands. */
export function QcPage() {
  return <RoutePlaceholder />;
}
