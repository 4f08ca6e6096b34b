// The one list of schema modules, for the typed database handle.
export * from './tenants.js';
export * from './users.js';
export * from './organizations.js';
export * from './groups.js';
export * from './customers.js';
export * from './jobs.js';
export * from './auth.js';
export * from './platform.js';
export * from './diagnostics.js';
export * from './notifications.js';
export * from './templates.js';
export * from './ticket-config.js';
export * from './tickets.js';
export * from './outbox.js';
export * from './ticket-conversation.js';
export * from './ticket-settings.js';
export * from './automation.js';
