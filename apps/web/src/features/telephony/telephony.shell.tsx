import type { ShellExtension } from '@/app/shell-extension';
import { SoftphoneHeader } from './softphone/components/softphone-header';
import { SoftphoneRoot } from './softphone/components/softphone-root';
import { softphone } from './softphone/softphone-engine';

function DialPad() {
  return <SoftphoneHeader onCall={(number) => softphone.call(number)} />;
}

/** The softphone in the frame: its dial pad in the header, the phone itself with the frame. */
export const telephonyShell: ShellExtension = {
  headerWidgets: [DialPad],
  frameParts: [SoftphoneRoot],
};
