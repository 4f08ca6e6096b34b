import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { registerClientReset, registerLogoutStop } from '@/features/auth/logout';
import { useCallStore } from '../call-store';
import { softphone } from '../softphone-engine';
import { InCallPanel } from './in-call-panel';
import { IncomingCallPopup } from './incoming-call-popup';
import { WrapUp } from './wrap-up-panel';

/** Plays a remote audio stream of the store (the call's, the invited agent's). */
function RemoteAudio({
  field,
  testId,
}: {
  field: 'audioTrack' | 'conferenceAudio';
  testId: string;
}) {
  const audioTrack = useCallStore((state) => state[field]);
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = audioTrack;
    if (audioTrack) void element.play?.()?.catch(() => undefined);
  }, [audioTrack]);
  return <audio ref={ref} autoPlay data-testid={testId} className="hidden" />;
}

/**
 * The softphone of the signed-in user, mounted once in the app frame: starts it (quietly nothing
 * without a SIP account), stops it on logout and resets the call state 500 ms later, shows the
 * incoming popup and the in-call panel.
 */
export function SoftphoneRoot() {
  const queryClient = useQueryClient();
  const endCallRefreshTime = useCallStore((state) => state.endCallRefreshTime);
  const hasSipAccount = useCallStore((state) => state.hasSipAccount);

  useEffect(() => {
    // A read-only handle for end-to-end tests and support (nothing secret: no password).
    (window as unknown as Record<string, unknown>).__omnicareSoftphone = {
      getState: () => useCallStore.getState(),
      audioPackets: (leg?: 'call' | 'conference') => softphone.audioPackets(leg),
      recentSessions: () => softphone.recentSessions,
    };
    void softphone.start();
    const offStop = registerLogoutStop(() => softphone.stop());
    const offReset = registerClientReset(() => useCallStore.getState().resetAll());
    return () => {
      offStop();
      offReset();
      softphone.stop();
    };
  }, []);

  // A call ended: the lists of calls (history, a ticket's calls) reload.
  useEffect(() => {
    if (endCallRefreshTime)
      void queryClient.invalidateQueries({ queryKey: ['telephony', 'calls'] });
  }, [endCallRefreshTime, queryClient]);

  return (
    <>
      <RemoteAudio field="audioTrack" testId="softphone-remote-audio" />
      <RemoteAudio field="conferenceAudio" testId="softphone-conference-audio" />
      <IncomingCallPopup
        onAnswer={() => void softphone.answer()}
        onReject={() => softphone.hangup()}
      />
      <InCallPanel
        onHangup={() => softphone.hangup()}
        onToggleMute={() => softphone.toggleMute()}
        onToggleHold={() => void softphone.toggleHold()}
        onDtmf={(tone) => softphone.sendDtmf(tone)}
        onTransfer={(target) => softphone.transfer(target)}
        onInvite={(target) => softphone.invite(target)}
        onEndConference={() => softphone.endConference()}
      />
      {/* Only staff with a SIP account take calls, so only they wrap them up. */}
      {hasSipAccount && <WrapUp />}
    </>
  );
}
