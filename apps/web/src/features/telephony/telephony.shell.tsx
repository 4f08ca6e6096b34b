import type { ShellExtension } from '@/components/layout/shell-extension';
import {
  DeferredSoftphoneHeader,
  DeferredSoftphoneRoot,
} from './softphone/components/deferred-softphone';

/**
 * The softphone in the frame: its dial pad in the header, the phone itself with the frame, both
 * loaded once the first screen has its data.
 */
export const shell: ShellExtension = {
  headerWidgets: [DeferredSoftphoneHeader],
  frameParts: [DeferredSoftphoneRoot],
};
