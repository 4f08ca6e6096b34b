import type { ActivityEntry } from '@omnicare/shared/audit/activity.schemas';
import type { Job } from '@omnicare/shared/jobs/jobs.schemas';
import type { BulkResultData } from '@omnicare/shared/platform/envelope';
import type {
  TicketBulkItem,
  TicketBulkRequest,
  TicketDetail,
  TicketListAnswer,
  TicketListItem,
  TicketRequest,
  TicketSortKey,
  TicketViewCount,
  TicketViewCountsRequest,
} from '@omnicare/shared/tickets/tickets.schemas';
import type { TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import type {
  TicketAssignee,
  TicketAssigneesQuery,
} from '@omnicare/shared/tickets/ticket-assignees.schemas';
import {
  TICKET_COMMENTS_MAX_PAGE_SIZE,
  type TicketCommentView,
  type TicketLinkView,
  type TicketMergeView,
  type TicketRefView,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import { apiList, apiRequest, apiRequestWithMessage, compactParams, http } from '@/lib/http';

/** The list's filters as the address and the API spell them (strings). */
export const TICKET_FILTER_KEYS = [
  'status',
  'priority_id',
  'type_id',
  'service_id',
  'group_id',
  'assignee_id',
  'requester_id',
  'source',
  'tag',
  'sla',
  'created_from',
  'created_to',
  'updated_from',
  'updated_to',
  'custom',
] as const;
export type TicketFilterKey = (typeof TICKET_FILTER_KEYS)[number];
export type TicketFilters = Partial<Record<TicketFilterKey, string>>;
export type SortOrder = 'asc' | 'desc';

export interface TicketListParams extends TicketFilters {
  smart_view_id?: string;
  page: number;
  page_size: number;
  search?: string;
  sort?: string;
}

export interface TicketPage {
  data: TicketListItem[];
  total: number;
  total_capped: boolean;
}

export const sortParamOf = (key: TicketSortKey, order: SortOrder) => `${key}:${order}`;

export async function fetchTickets(params: TicketListParams, signal?: AbortSignal) {
  const response = await http.request<Partial<TicketListAnswer>>({
    method: 'GET',
    url: '/v2/tickets',
    params: compactParams(params),
    signal,
  });
  return {
    data: response.data.data ?? [],
    total: response.data.total ?? 0,
    total_capped: response.data.total_capped === true,
  } satisfies TicketPage;
}

/** How many tickets each view lists for me ('99+' past TICKET_VIEW_COUNT_CAP). */
export const fetchViewCounts = (body: TicketViewCountsRequest, signal?: AbortSignal) =>
  apiRequest<TicketViewCount[]>({
    method: 'POST',
    url: '/v2/tickets/view-counts',
    data: body,
    signal,
  });

export const fetchTicket = (ref: string, signal?: AbortSignal) =>
  apiRequest<TicketDetail>({
    method: 'GET',
    url: `/v2/tickets/${encodeURIComponent(ref)}`,
    signal,
  });

export const createTicket = (body: TicketRequest) =>
  apiRequestWithMessage<TicketDetail>({ method: 'POST', url: '/v2/tickets', data: body });

export const updateTicket = (id: string, body: Partial<TicketRequest>) =>
  apiRequestWithMessage<TicketDetail>({ method: 'PUT', url: `/v2/tickets/${id}`, data: body });

export const deleteTicket = (id: string) =>
  apiRequestWithMessage<unknown>({ method: 'DELETE', url: `/v2/tickets/${id}` });

/**
 * A bulk action: every ticket's result at once (up to TICKET_BULK_SYNC_MAX tickets), or the
 * background job doing it (202), followed at `GET /v2/jobs/{id}`.
 */
export const bulkTickets = (body: TicketBulkRequest) =>
  apiRequestWithMessage<BulkResultData<TicketBulkItem> | Job>({
    method: 'POST',
    url: '/v2/tickets/bulk',
    data: body,
  });

export const fetchTicketActivities = (id: string, signal?: AbortSignal) =>
  apiList<ActivityEntry>({ method: 'GET', url: `/v2/tickets/${id}/activities`, signal });

export const fetchTicketStatuses = (signal?: AbortSignal) =>
  apiRequest<{ value: TicketStatus; label: string }[]>({
    method: 'GET',
    url: '/v2/status',
    signal,
  });

/* ---------------------------------------------------------------------------- conversation */

export const fetchTicketComments = (id: string, page: number, signal?: AbortSignal) =>
  apiList<TicketCommentView>({
    method: 'GET',
    url: `/v2/tickets/${id}/comments`,
    params: { page, page_size: TICKET_COMMENTS_MAX_PAGE_SIZE },
    signal,
  });

/** A reply or an internal note; with files it goes as a form (fields `body`, `public`, `files`). */
export function postTicketComment(
  id: string,
  body: { body: string; public: boolean },
  files: File[],
) {
  if (files.length === 0)
    return apiRequestWithMessage<TicketCommentView>({
      method: 'POST',
      url: `/v2/tickets/${id}/comments`,
      data: body,
    });
  const form = new FormData();
  form.append('body', body.body);
  form.append('public', String(body.public));
  for (const file of files) form.append('files', file);
  return apiRequestWithMessage<TicketCommentView>({
    method: 'POST',
    url: `/v2/tickets/${id}/comments`,
    data: form,
  });
}

/* ------------------------------------------------------------------ merge, split and links */

/** This ticket closes into the target; its conversation, files and links move there. */
export const mergeTicket = (id: string, targetId: string) =>
  apiRequestWithMessage<TicketMergeView>({
    method: 'POST',
    url: `/v2/tickets/${id}/merge`,
    data: { target_id: targetId },
  });

/** A new ticket from one comment (the comment stays here too). */
export const splitTicket = (id: string, commentId: string) =>
  apiRequestWithMessage<TicketRefView>({
    method: 'POST',
    url: `/v2/tickets/${id}/split`,
    data: { comment_id: commentId },
  });

export const fetchTicketLinks = (id: string, signal?: AbortSignal) =>
  apiList<TicketLinkView>({ method: 'GET', url: `/v2/tickets/${id}/links`, signal });

export const addTicketLink = (id: string, relatedId: string) =>
  apiRequestWithMessage<TicketLinkView>({
    method: 'POST',
    url: `/v2/tickets/${id}/links`,
    data: { related_id: relatedId },
  });

export const removeTicketLink = (id: string, linkedId: string) =>
  apiRequestWithMessage<null>({ method: 'DELETE', url: `/v2/tickets/${id}/links/${linkedId}` });

/** GET /v2/tickets/assignees: whom a ticket may be given to, with presence and open tickets. */
export const listAssignees = (query: TicketAssigneesQuery, signal?: AbortSignal) =>
  apiList<TicketAssignee>({
    method: 'GET',
    url: '/v2/tickets/assignees',
    params: compactParams(query),
    signal,
  });
