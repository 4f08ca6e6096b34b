import type { Presence } from '../users/presence.js';

/**
 * One routing for tickets, conversations and calls (the server's `modules/routing`): who may be
 * handed new work automatically, and how much of each kind at once.
 *
 * Only an AVAILABLE agent receives new work automatically; every other presence (NOACD,
 * ONCAMPAIGN, ATLUNCH, MEETING, TRAINING, GOOUT, NOT AVAILABLE, TYPING, LOGOUT) receives none.
 */
export const ROUTABLE_PRESENCE = 'AVAILABLE' satisfies Presence;

/** Calls an agent holds at once (a second call never rings an agent in a call). */
export const CALL_CAPACITY = 1;

/**
 * Presences that take an agent's open conversations away from them, when the chat settings say
 * `requeue`: they are handed to other eligible agents, or wait in the queue.
 */
export const AWAY_PRESENCES: readonly Presence[] = ['LOGOUT', 'NOT AVAILABLE'];
