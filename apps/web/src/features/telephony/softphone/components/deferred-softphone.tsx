import { lazy, Suspense, type ComponentType } from 'react';
import { SOFTPHONE_MESSAGES } from '@omnicare/shared/telephony/softphone';
import { useAfterFirstScreen } from '@/lib/after-first-screen';
import { withChunkReload } from '@/lib/chunk-reload';
import { toast } from '@/lib/toast';
import type * as SoftphoneParts from './softphone-parts';

/** One chunk: the engine, the call store and panels, the header's dialpad (JsSIP apart). */
const loadParts = withChunkReload(() => import('./softphone-parts'));

let failureShown = false;
function part(name: 'SoftphoneRoot' | 'SoftphoneHeaderButton') {
  return lazy(async (): Promise<{ default: ComponentType }> => {
    try {
      const parts: typeof SoftphoneParts = await loadParts();
      return { default: parts[name] };
    } catch {
      // A chunk that fails after its one reload: the app works on, without the softphone.
      if (!failureShown) toast.error(SOFTPHONE_MESSAGES.libraryLoadFailed);
      failureShown = true;
      return { default: () => null };
    }
  });
}

const LazyRoot = part('SoftphoneRoot');
const LazyHeaderButton = part('SoftphoneHeaderButton');

/**
 * The softphone's parts of the app frame, loaded and started once the first screen has its
 * data (`useAfterFirstScreen`): an agent's softphone registers a moment later, and no screen
 * waits for its code or for JsSIP. Nothing shows before (the header's button shows only with a
 * SIP account anyway).
 */
export function DeferredSoftphoneRoot() {
  const shown = useAfterFirstScreen();
  return shown ? (
    <Suspense fallback={null}>
      <LazyRoot />
    </Suspense>
  ) : null;
}

export function DeferredSoftphoneHeader() {
  const shown = useAfterFirstScreen();
  return shown ? (
    <Suspense fallback={null}>
      <LazyHeaderButton />
    </Suspense>
  ) : null;
}
