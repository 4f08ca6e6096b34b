import {
  CONVERSATION_MESSAGES as M,
  type ConversationSurvey,
} from '@omnicare/shared/conversations/conversations.schemas';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { getVisibleTicketRow } from '../tickets/ticket-queries.js';
import * as repo from './conversations.repository.js';

/**
 * `GET /v2/conversations/{id}/survey`: what the visitor answered to the satisfaction survey, for
 * whoever may see the conversation (the caller's ticket data scope; 404 otherwise).
 */
export async function conversationSurvey(
  platform: Platform,
  auth: AuthContext,
  id: string,
): Promise<ConversationSurvey> {
  const ticket = await getVisibleTicketRow(platform, auth, { id });
  const row = await repo.surveyOf(platform.db, auth.tenantId, ticket.id);
  if (!row) throw notFound(M.notFound);
  return {
    asked_at: row.askedAt?.toISOString() ?? null,
    rating: row.rating,
    comment: row.comment,
    rated_at: row.ratedAt?.toISOString() ?? null,
  };
}
