import { describe, expect, it } from 'vitest';
import { deriveCall, type DerivationEvent, type RoutedState } from './call-derivation.js';

const base = Date.UTC(2026, 0, 15, 2, 0, 0);
const at = (seconds: number) => new Date(base + seconds * 1000);
const routed: RoutedState = {
  agentId: null,
  offeredAt: null,
  status: 'QUEUEING',
  startedAt: at(0),
  voicemail: null,
};
const event = (type: string, seconds: number, extra: Partial<DerivationEvent> = {}) => ({
  type,
  at: at(seconds),
  ...extra,
});

describe('deriveCall', () => {
  it('gives the same row whatever order the events come in', () => {
    const events = [
      event('call.started', 0, { direction: 'CALL_INBOUND', from: '0912345678', to: '1900' }),
      event('call.ringing', 3, { agentUserId: 'a' }),
      event('call.answered', 8, { agentUserId: 'a' }),
      event('call.ended', 68, { cause: 'agent_hangup' }),
    ];
    const forward = deriveCall(events, routed);
    expect(deriveCall([...events].reverse(), routed)).toEqual(forward);
    expect(forward).toMatchObject({
      status: 'ENDED',
      result: 'answered',
      agentId: 'a',
      talkSeconds: 60,
      waitSeconds: 8,
      transfers: [],
    });
  });

  it('counts the time on hold, and a customer who hung up while held', () => {
    const answered = [
      event('call.started', 0, { direction: 'CALL_INBOUND', from: '0912345678', to: '1900' }),
      event('call.answered', 5, { agentUserId: 'a' }),
    ];
    // Held twice (a resume without a hold counts nothing), then the agent hangs up.
    const resumed = deriveCall(
      [
        ...answered,
        event('call.resumed', 8),
        event('call.held', 10),
        event('call.resumed', 25),
        event('call.held', 40),
        event('call.resumed', 45),
        event('call.ended', 60, { cause: 'agent_hangup' }),
      ],
      routed,
    );
    expect(resumed).toMatchObject({
      talkSeconds: 55,
      holdSeconds: 20,
      endedOnHold: false,
      heldSince: null,
    });
    // On hold now, the call going on: since when.
    expect(deriveCall([...answered, event('call.held', 20)], routed).heldSince).toEqual(at(20));
    // Held until the caller hangs up: held to the end, ended on hold (still answered).
    const abandoned = deriveCall(
      [...answered, event('call.held', 20), event('call.ended', 50, { cause: 'caller_hangup' })],
      routed,
    );
    expect(abandoned).toMatchObject({ result: 'answered', holdSeconds: 30, endedOnHold: true });
    // Held until the agent hangs up: not the customer leaving.
    const dropped = deriveCall(
      [...answered, event('call.held', 20), event('call.ended', 50, { cause: 'agent_hangup' })],
      routed,
    );
    expect(dropped).toMatchObject({ holdSeconds: 30, endedOnHold: false });
  });

  // A blind transfer: agent a REFERs the caller to b; the caller leaves a (leg 1 ends) and
  // calls b with the same Call-ID (leg 2), who talks until 93 s.
  const transferred = [
    event('call.started', 0, { direction: 'CALL_INBOUND', from: '0912345678', to: '1900' }),
    event('call.ringing', 3, { agentUserId: 'a' }),
    event('call.answered', 8, { agentUserId: 'a' }),
    event('call.transferred', 30, { agentUserId: 'b', leg: 1 }),
    event('call.ended', 31, { cause: 'caller_hangup', leg: 1 }),
    event('call.ringing', 32, { agentUserId: 'b', leg: 2 }),
    event('call.answered', 33, { agentUserId: 'b', leg: 2 }),
    event('call.ended', 93, { cause: 'agent_hangup', leg: 2 }),
  ];

  it('a transferred call ends with its last leg, talk time counting every answered leg', () => {
    const row = deriveCall(transferred, routed);
    expect(deriveCall([...transferred].reverse(), routed)).toEqual(row);
    expect(row).toMatchObject({
      status: 'ENDED',
      result: 'answered',
      cause: 'agent_hangup',
      agentId: 'b',
      answeredAt: at(8),
      endedAt: at(93),
      // 8 → 31 with a, 33 → 93 with b (the two seconds ringing b are not talk)
      talkSeconds: 23 + 60,
      waitSeconds: 8,
      transfers: [{ at: at(30).toISOString(), from_user_id: 'a', to_user_id: 'b' }],
    });
  });

  it('the end of the leg transferred away does not end the call', () => {
    const row = deriveCall(transferred.slice(0, 6), routed);
    expect(row).toMatchObject({
      status: 'ANSWERING',
      endedAt: null,
      result: null,
      agentId: 'b',
      talkSeconds: 0,
    });
  });

  it("a transferred leg's end that arrives before its call.transferred does not end the call", () => {
    // the gateway marks the end of a leg it saw transferred away (cause 'transferred'); the
    // call.transferred, posted by another process, may reach the server after it
    const legEnd = event('call.ended', 31, { cause: 'transferred', leg: 1 });
    const early = deriveCall([...transferred.slice(0, 3), legEnd], routed);
    expect(early).toMatchObject({ status: 'ANSWERING', endedAt: null, result: null });
    const withTransfer = deriveCall([...transferred.slice(0, 4), legEnd], routed);
    expect(withTransfer).toMatchObject({ status: 'ANSWERING', endedAt: null, agentId: 'b' });
    const all = transferred.map((e) => (e.type === 'call.ended' && e.leg === 1 ? legEnd : e));
    const row = deriveCall(all, routed);
    expect(deriveCall([...all].reverse(), routed)).toEqual(row);
    expect(row).toMatchObject({ status: 'ENDED', endedAt: at(93), agentId: 'b', talkSeconds: 83 });
  });

  it("the end recorded for a gateway's restart ends the call, even on a leg transferred away", () => {
    // leg 1 was transferred away and the caller's new leg had not arrived when the gateway died
    const restartEnd = event('call.ended', 50, { cause: 'gateway_restart', leg: 1 });
    const row = deriveCall([...transferred.slice(0, 5), restartEnd], routed);
    expect(row).toMatchObject({
      status: 'ENDED',
      result: 'answered',
      cause: 'gateway_restart',
      endedAt: at(50),
      talkSeconds: 23,
    });
    // answered on leg 2, whose own end never came: talk lasts until the restart's end
    const onLegTwo = deriveCall([...transferred.slice(0, 7), restartEnd], routed);
    expect(onLegTwo).toMatchObject({ status: 'ENDED', agentId: 'b', talkSeconds: 23 + 17 });
  });

  it('a transfer to a queue leaves the call to routing until an agent of that queue is named', () => {
    const toQueue = [
      ...transferred.slice(0, 3),
      event('call.transferred', 30, { queueId: 'q', leg: 1 }),
      event('call.ended', 31, { cause: 'transferred', leg: 1 }),
    ];
    // waiting in the queue: routing holds no agent, so the agent who transferred it is free
    const waiting = deriveCall(toQueue, { ...routed, offeredAt: at(1) });
    expect(waiting).toMatchObject({
      status: 'QUEUEING',
      agentId: null,
      transfers: [
        { at: at(30).toISOString(), from_user_id: 'a', to_user_id: null, to_queue_id: 'q' },
      ],
    });
    // routing rings b: the call is b's
    const ringing = deriveCall(toQueue, { ...routed, agentId: 'b', offeredAt: at(32) });
    expect(ringing).toMatchObject({ agentId: 'b', status: 'RINGING' });
    // b answers the caller's new leg: talking again
    const taken = deriveCall(
      [...toQueue, event('call.answered', 40, { agentUserId: 'b', leg: 2 })],
      {
        ...routed,
        agentId: 'b',
        offeredAt: at(32),
      },
    );
    expect(taken).toMatchObject({ agentId: 'b', status: 'ANSWERING' });
    // nobody took it: once over, it stays with the agent who answered
    const over = deriveCall(
      [...toQueue, event('call.ended', 90, { cause: 'caller_hangup', leg: 2 })],
      { ...routed, offeredAt: at(1) },
    );
    expect(over).toMatchObject({ status: 'ENDED', agentId: 'a', endedAt: at(90) });
  });

  it('a transfer nobody takes ends with the next leg and stays with the agent who answered', () => {
    const row = deriveCall(
      [
        ...transferred.slice(0, 6),
        event('call.ended', 52, { cause: 'no_answer', sipCode: 480, leg: 2 }),
      ],
      routed,
    );
    expect(row).toMatchObject({
      status: 'ENDED',
      result: 'answered',
      agentId: 'a',
      endedAt: at(52),
      talkSeconds: 23,
    });
  });

  it('a leg whose own end is missing talks until the call ends, counted once', () => {
    const row = deriveCall(
      transferred.filter((e) => !(e.type === 'call.ended' && e.leg === 1)),
      routed,
    );
    expect(row).toMatchObject({ endedAt: at(93), talkSeconds: 85 });
  });

  it('keeps the agent routing offered the call to later than the events name', () => {
    const events = [event('call.ringing', 3, { agentUserId: 'a' })];
    const later = deriveCall(events, {
      ...routed,
      agentId: 'b',
      offeredAt: at(25),
      status: 'RINGING',
    });
    expect(later).toMatchObject({ agentId: 'b', status: 'RINGING', result: null });
    const earlier = deriveCall(events, { ...routed, agentId: 'b', offeredAt: at(1) });
    expect(earlier.agentId).toBe('a');
  });

  it.each([
    [{ cause: 'busy' }, 'busy'],
    [{ sipCode: 600 }, 'busy'],
    [{ sipCode: 503 }, 'failed'],
    [{ cause: 'unreachable' }, 'failed'],
    [{ cause: 'gateway_restart' }, 'failed'],
    [{ sipCode: 480 }, 'missed'],
    [{ cause: 'voicemail' }, 'missed'],
    [{ cause: 'cancel' }, 'abandoned'],
    [{}, 'abandoned'],
  ] as const)('an unanswered end with %o is %s', (extra, result) => {
    const row = deriveCall([event('call.started', 0), event('call.ended', 9, extra)], routed);
    expect(row.result).toBe(result);
    expect(row.status).toBe(result === 'failed' ? 'FAILED' : 'ENDED');
    expect(row.talkSeconds).toBe(0);
    expect(row.waitSeconds).toBe(9);
  });

  it('an end without cause after a ring is missed; an outbound call dials until it rings', () => {
    const rang = deriveCall(
      [
        event('call.started', 0),
        event('call.ringing', 2, { agentUserId: 'a' }),
        event('call.ended', 20),
      ],
      routed,
    );
    expect(rang.result).toBe('missed');
    const dialling = deriveCall([event('call.started', 0, { direction: 'CALL_OUTBOUND' })], routed);
    expect(dialling.status).toBe('DIALING');
  });
});
