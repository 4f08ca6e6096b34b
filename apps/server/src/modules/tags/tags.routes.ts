import { catalogueRoutes } from '../../platform/catalogue.js';
import { tagGroups } from './tags.service.js';

/** Tag groups are a catalogue (platform/catalogue.ts): the definition is in the service. */
export const tagsRoutes = catalogueRoutes(tagGroups);
