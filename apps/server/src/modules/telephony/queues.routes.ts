import { catalogueRoutes } from '../../platform/catalogue.js';
import { queues } from './queues.service.js';

/** Call queues are a catalogue (platform/catalogue.ts): the definition is in the service. */
export const queuesRoutes = catalogueRoutes(queues);
