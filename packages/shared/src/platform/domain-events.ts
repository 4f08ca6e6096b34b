import { z } from 'zod';

/** One kind of domain event a module writes to the outbox. */
export interface EventDefinition {
  /** The payload every event of this kind carries (checked as events are appended in tests). */
  payload: z.ZodType;
  /** The automation trigger (WORKFLOW_TRIGGER) the event starts workflows of, if any. */
  trigger?: string;
}

/**
 * A module's domain events: its aggregate and each event type with its payload. The server
 * module lists its catalogues in its manifest (`ServerModule.events`); the outbox refuses an event
 * no module declared, and automation reads the triggers from here.
 */
export interface EventCatalogue {
  aggregate: string;
  events: Readonly<Record<string, EventDefinition>>;
}

export const defineEvents = <
  const A extends string,
  const E extends Record<`${A}.${string}`, EventDefinition>,
>(
  aggregate: A,
  events: E,
) => ({ aggregate, events });

/** The payload type of each event of a catalogue, by event type. */
export type PayloadsOf<C extends { events: Record<string, EventDefinition> }> = {
  [T in keyof C['events']]: z.infer<C['events'][T]['payload']>;
};

/** What a change did to each field it changed (`ticket.updated`'s `changes`). */
export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * What set an event off, when a workflow run did (the engine's depth limit, run link and
 * budget): any
 * module's event may carry it, so a chain of runs is followed across domains.
 */
export const eventCauseFields = {
  workflow_depth: z.number().int().min(0).optional(),
  workflow_run_id: z.string().optional(),
  /** The event that started the chain (its automation budget: AUTOMATION_BUDGET). */
  workflow_origin: z.number().int().positive().optional(),
};
