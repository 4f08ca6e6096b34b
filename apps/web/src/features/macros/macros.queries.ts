import { useQuery } from '@tanstack/react-query';
import type { TemplateKind } from '@omnicare/shared/templates/template-enums';
import { useCatalogueList } from '@/components/catalogue/use-catalogue';
import { listUserTemplates } from '@/features/templates/templates.api';
import { templateKeys } from '@/features/templates/templates.queries';
import { MACROS, fetchTicketPlaceholders, macroKeys } from './macros.api';

export const useMacros = () => useCatalogueList(MACROS);

/** A ticket's placeholder values, read once per ticket while the page is open. */
export function useTicketPlaceholders(ticketId: string, enabled: boolean) {
  return useQuery({
    queryKey: macroKeys.placeholders(ticketId),
    queryFn: ({ signal }) => fetchTicketPlaceholders(ticketId, signal),
    enabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** Message templates that read as a reply to a ticket. */
const REPLY_KINDS: readonly TemplateKind[] = ['chat', 'email'];

/** The active templates of those kinds the user may use. */
export function useReplyTemplates(userId: string | undefined) {
  return useQuery({
    queryKey: [...templateKeys.all, 'reply', userId],
    queryFn: async ({ signal }) =>
      (await listUserTemplates(userId ?? '', undefined, signal)).data.filter((template) =>
        REPLY_KINDS.includes(template.kind),
      ),
    enabled: Boolean(userId),
    staleTime: 60_000,
    meta: { silent: true },
  });
}
