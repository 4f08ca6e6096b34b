import { catalogueRoutes } from '../../platform/catalogue.js';
import { smartViews } from './smart-views.service.js';

/** The views are a catalogue (platform/catalogue.ts): the definition is in the service. */
export const smartViewsRoutes = catalogueRoutes(smartViews);
