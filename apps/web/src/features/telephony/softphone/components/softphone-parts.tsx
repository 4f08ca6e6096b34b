import { softphone } from '../softphone-engine';
import { SoftphoneHeader } from './softphone-header';

export { SoftphoneRoot } from './softphone-root';

/** The header's softphone button and dialpad, calling through the engine. */
export function SoftphoneHeaderButton() {
  return (
    <SoftphoneHeader
      onCall={(number) => softphone.call(number)}
      onOpen={() => softphone.explainUnavailable()}
    />
  );
}
