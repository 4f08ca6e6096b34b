import { useState } from 'react';

/**
 * True from the first render where `open` is true, for good: a part loaded on demand (its own
 * chunk) mounts when first needed, then stays mounted so it closes with its animation and keeps
 * what it shows after (a bulk action's outcome).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
