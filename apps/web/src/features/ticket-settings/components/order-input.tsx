import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/** A setting's order: a whole number from 0 to 999 (the shared schemas' rule). */
export function OrderInput(props: ComponentProps<typeof Input>) {
  return <Input type="number" min={0} max={999} {...props} />;
}
