import { catalogueRoutes } from '../../platform/catalogue.js';
import { channelCatalogue } from './channels.service.js';

/** Channels are a catalogue (platform/catalogue.ts): the definition is in the service. */
export const channelsRoutes = catalogueRoutes(channelCatalogue);
