import type {
  Macro,
  MacroApplied,
  MacroApplyBody,
  MacroBody,
  TicketPlaceholderValues,
} from '@omnicare/shared/macros/macros.schemas';
import { atPaths } from '@/components/catalogue/catalogue-api';
import { apiRequest, apiRequestWithMessage } from '@/lib/http';

export const macroKeys = {
  all: ['macros'] as const,
  placeholders: (ticketId: string) => ['macros', 'placeholders', ticketId] as const,
};

/** The caller's macros and the shared ones (GET/POST /v2/macros, PUT/DELETE /v2/macros/{id}). */
export const MACROS = atPaths<Macro, MacroBody>(
  [...macroKeys.all, 'list'],
  { list: '/v2/macros', one: '/v2/macros' },
  { answer: 'array' },
);

/** POST /v2/tickets/{id}/macros/{macroId}: the reply (as edited in the reply box) and the changes. */
export const applyMacro = (ticketId: string, macroId: string, body: MacroApplyBody) =>
  apiRequestWithMessage<MacroApplied>({
    method: 'POST',
    url: `/v2/tickets/${encodeURIComponent(ticketId)}/macros/${encodeURIComponent(macroId)}`,
    data: body,
  });

/** GET /v2/tickets/{id}/placeholders: the values the reply box previews and fills. */
export const fetchTicketPlaceholders = (ticketId: string, signal?: AbortSignal) =>
  apiRequest<TicketPlaceholderValues>({
    method: 'GET',
    url: `/v2/tickets/${encodeURIComponent(ticketId)}/placeholders`,
    signal,
  });
