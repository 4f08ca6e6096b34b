import type { EventCatalogue, EventDefinition } from '@omnicare/shared/platform/domain-events';

/**
 * Every domain event the modules declare (`ServerModule.events`), by type. Filled once as the
 * app is built; static code, so one table serves every app of a process.
 */
const declared = new Map<string, EventDefinition & { aggregate: string }>();

/** Declares the modules' event catalogues; one type declared by two catalogues is a mistake. */
export function declareEvents(catalogues: readonly EventCatalogue[]) {
  for (const { aggregate, events } of catalogues) {
    for (const [type, definition] of Object.entries(events)) {
      const known = declared.get(type);
      if (known && known.payload !== definition.payload)
        throw new Error(`domain event ${type} declared twice`);
      declared.set(type, { ...definition, aggregate });
    }
  }
}

/** What the catalogue says of an event type (undefined: no module declares it). */
export const eventDefinition = (type: string) => declared.get(type);

/** Payloads are checked against the catalogue where it costs nothing that matters: in tests. */
const CHECK_PAYLOADS = Boolean(process.env.VITEST);

/**
 * Refuses an event no module declared, of another aggregate than its catalogue's, or (in tests)
 * whose payload breaks its schema: what subscribers read is what the catalogue says.
 */
export function checkEvent(event: { aggregate: string; type: string; payload: unknown }) {
  const definition = declared.get(event.type);
  if (!definition || definition.aggregate !== event.aggregate)
    throw new Error(`domain event ${event.aggregate}/${event.type} is not declared by a module`);
  if (CHECK_PAYLOADS) {
    const parsed = definition.payload.safeParse(event.payload);
    if (!parsed.success)
      throw new Error(`domain event ${event.type}: payload ${parsed.error.message}`);
  }
}
