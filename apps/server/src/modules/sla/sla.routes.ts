import { catalogueRoutes } from '../../platform/catalogue.js';
import { slaPolicies } from './sla.service.js';

/** SLA policies are a catalogue (platform/catalogue.ts): the definition is in the service. */
export const slaRoutes = catalogueRoutes(slaPolicies);
