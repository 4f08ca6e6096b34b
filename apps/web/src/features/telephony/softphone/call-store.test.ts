import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@omnicare/shared/platform/constants';
import { ACTIVE_CALL_STATUSES } from '@omnicare/shared/telephony/call-enums';
import { DEFAULT_POSITION_IN_CALL, useCallStore } from './call-store';

const state = () => useCallStore.getState();

beforeEach(() => state().resetAll());

describe('call state', () => {
  it('holds exactly the fields of spec section 3, with positionInCall at x 50, y 0', () => {
    for (const field of [
      'endCallRefreshTime',
      'isActivatingVoice',
      'isSocketConnected',
      'isSipConnected',
      'currentNumberCall',
      'callStatus',
      'queueId',
      'startTime',
      'isAutoAnswer',
      'isClickToCall',
      'isInCall',
      'audioTrack',
      'lastCallEndedAt',
      'positionInCall',
    ])
      expect(state()).toHaveProperty(field);
    expect(state().positionInCall).toEqual({ x: 50, y: 0 });
    expect(DEFAULT_POSITION_IN_CALL).toEqual({ x: 50, y: 0 });
    expect(state().callStatus).toBe('ENDED');
  });

  it('counts the first six statuses as in a call', () => {
    expect(ACTIVE_CALL_STATUSES).toEqual([
      'ANSWERING',
      'QUEUEING',
      'RINGING',
      'MUTING',
      'HOLDING',
      'DIALING',
    ]);
    for (const status of ACTIVE_CALL_STATUSES) {
      state().setCallStatus(status);
      expect(state().isInCall).toBe(true);
    }
    state().setCallStatus('FAILED');
    expect(state().isInCall).toBe(false);
  });

  it('the full reset clears caller, call info, audio track and click-to-call and sets ENDED', () => {
    state().beginCall({
      direction: 'outgoing',
      number: '0912345678',
      callId: 'c1',
      callStatus: 'DIALING',
      isClickToCall: true,
    });
    state().setCaller({
      name: 'An',
      avatar: null,
      gender: null,
      dob: null,
      numberPhone: '0912345678',
      group: null,
      customerNumber: 1,
    });
    state().acceptCall({} as MediaStream, 1_000);
    state().setPositionInCall({ x: 10, y: 20 });
    state().resetCall();
    expect(state()).toMatchObject({
      caller: null,
      callInfo: null,
      audioTrack: null,
      isClickToCall: false,
      callStatus: 'ENDED',
      isInCall: false,
    });
    // Where the agent dragged the panel is kept.
    expect(state().positionInCall).toEqual({ x: 10, y: 20 });
  });

  it('the session lifecycle stores the remote stream on accept and clears it at the end', () => {
    const stream = { id: 'remote' } as unknown as MediaStream;
    state().beginCall({
      direction: 'incoming',
      number: '0912',
      callId: 'c2',
      callStatus: 'RINGING',
    });
    expect(state().callInfo).toEqual({
      callId: 'c2',
      ticketId: null,
      callStatus: 'RINGING',
      callType: 'CALL_INBOUND',
      campaignId: null,
    });
    state().acceptCall(stream, 5_000);
    expect(state()).toMatchObject({
      audioTrack: stream,
      startTime: 5_000,
      callStatus: 'ANSWERING',
    });
    state().endCall('FAILED', 9_000);
    expect(state()).toMatchObject({
      audioTrack: null,
      callStatus: 'FAILED',
      lastCallEndedAt: 9_000,
      endCallRefreshTime: 9_000,
    });
  });

  it('keeps queueId in local storage', () => {
    state().setQueueId('q1');
    expect(localStorage.getItem(STORAGE_KEYS.queueId)).toBe('q1');
    state().setQueueId(null);
    expect(localStorage.getItem(STORAGE_KEYS.queueId)).toBeNull();
  });
});
