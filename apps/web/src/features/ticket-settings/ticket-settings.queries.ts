import { useCatalogueList } from '@/components/catalogue/use-catalogue';
import { TICKET_SETTINGS, type ResourceName } from './ticket-settings.api';

export const ticketSettingsKeys = {
  all: ['ticket-settings'] as const,
};

/** A whole ticket setting's list (they are short: no paging). */
export const useResourceList = <N extends ResourceName>(name: N) =>
  useCatalogueList(TICKET_SETTINGS[name]);
