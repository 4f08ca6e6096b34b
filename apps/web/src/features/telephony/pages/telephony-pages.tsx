import { RoutePlaceholder } from '@/components/feedback/placeholder-page';

/** /switchboard/ivr renders its title and 'Đang phát triển' until the IVR issue lands. */
export function TelephonyPage() {
  return <RoutePlaceholder />;
}
