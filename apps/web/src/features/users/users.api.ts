import { MIN_USER_SEARCH_LENGTH } from '@omnicare/shared/platform/constants';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { STAFF_ROLES } from '@omnicare/shared/users/roles';
import type { z } from 'zod';
import type { ActivityEntry } from '@omnicare/shared/audit/activity.schemas';
import type {
  BulkResult,
  StaffBulkOutcome,
  StaffSearch,
  StaffUser,
  USER_STATUS,
  createUserBody,
  inviteUserBody,
  updateUserBody,
} from '@omnicare/shared/users/users.schemas';
import { apiList, apiRequest, apiRequestWithMessage } from '@/lib/http';

/** What a user search's callers read of each staff member. */
export type UserSummary = Pick<StaffUser, '_id' | 'name' | 'email' | 'role' | 'agent_id'>;

export interface SearchUsersParams {
  keyword?: string | null;
  roles?: readonly StaffRole[];
  /** Extra query fields the caller needs (spec: "plus extras"). */
  extra?: Record<string, string | number | boolean>;
  signal?: AbortSignal;
}

/**
 * The user-search helper (spec section 5): fewer than 2 characters after trimming returns an
 * empty list without calling the server; roles default to the four staff roles and travel as a
 * JSON-encoded list; the answer's `list` field is read.
 */
export async function searchUsers({
  keyword,
  roles = STAFF_ROLES,
  extra,
  signal,
}: SearchUsersParams): Promise<UserSummary[]> {
  const text = (keyword ?? '').trim();
  if (text.length < MIN_USER_SEARCH_LENGTH) return [];
  const data = await apiRequest<Partial<StaffSearch>>({
    method: 'GET',
    url: '/v2/all-user',
    params: { ...extra, keyword: text, roles: JSON.stringify(roles) },
    signal,
  });
  return data?.list ?? [];
}

export type UserStatus = (typeof USER_STATUS)[number];
/** Bodies as typed in a form: the server parses them with the shared schemas. */
export type CreateUserInput = z.input<typeof createUserBody>;
export type UpdateUserInput = z.input<typeof updateUserBody>;
export type InviteUserInput = z.input<typeof inviteUserBody>;

export interface StaffListParams {
  keyword?: string;
  role?: StaffRole;
  group_id?: string;
  organization_id?: string;
  status?: UserStatus;
  page: number;
  page_size: number;
}

/** GET /v2/users: the staff table (administrators, supervisors and team leaders may read it). */
export const listStaff = (params: StaffListParams, signal?: AbortSignal) =>
  apiList<StaffUser>({ method: 'GET', url: '/v2/users', params, signal });

export const getStaff = (id: string, signal?: AbortSignal) =>
  apiRequest<StaffUser>({ method: 'GET', url: `/v2/users/${encodeURIComponent(id)}`, signal });

/** Rows per page of a picker's server search. */
export const PICKER_PAGE_SIZE = 20;

export interface StaffPageParams {
  /** Sent only from MIN_USER_SEARCH_LENGTH characters (the spec's user-search rule). */
  keyword?: string;
  roles?: readonly StaffRole[];
  /** Look these users up (the labels of values a picker already holds). */
  ids?: readonly string[];
  page: number;
  page_size: number;
}

/** A page of /v2/all-user: the first pages without a keyword, a search, or users by id. */
export async function fetchStaffPage(
  { keyword, roles = STAFF_ROLES, ids, page, page_size }: StaffPageParams,
  signal?: AbortSignal,
): Promise<StaffSearch> {
  const text = (keyword ?? '').trim();
  if (text.length > 0 && text.length < MIN_USER_SEARCH_LENGTH) return { list: [], total: 0 };
  const data = await apiRequest<Partial<StaffSearch>>({
    method: 'GET',
    url: '/v2/all-user',
    params: {
      keyword: text || undefined,
      roles: JSON.stringify(roles),
      ids: ids ? ids.join(',') : undefined,
      page,
      page_size,
    },
    signal,
  });
  return { list: data?.list ?? [], total: data?.total ?? 0 };
}

export const createStaff = (body: CreateUserInput) =>
  apiRequestWithMessage<StaffUser>({ method: 'POST', url: '/v2/create-user', data: body });

/** An empty sip_password keeps the stored one. */
export const updateStaff = (id: string, body: UpdateUserInput) =>
  apiRequestWithMessage<StaffUser>({
    method: 'PUT',
    url: `/v2/update-user/${encodeURIComponent(id)}`,
    data: body,
  });

export const setStaffActive = (id: string, active: boolean) =>
  apiRequestWithMessage<BulkResult>({
    method: 'PUT',
    url: `/v2/${active ? 'active' : 'disable'}-user/${encodeURIComponent(id)}`,
    // A JSON body, even empty: the spec's call sends data.
    data: {},
  });

/** Activates or disables many users; each one succeeds or fails on its own. */
export const bulkSetStaffActive = (ids: readonly string[], active: boolean) =>
  apiRequestWithMessage<StaffBulkOutcome>({
    method: 'POST',
    url: `/v2/${active ? 'active' : 'disable'}-users`,
    data: { ids },
  });

/** Sets a new password; the server signs that user out everywhere. */
export const resetStaffPassword = (userId: string, password: string) =>
  apiRequestWithMessage<null>({
    method: 'POST',
    url: `/v2/reset-password/${encodeURIComponent(userId)}`,
    data: { password },
  });

/** Invites by email: the person sets their own password from the mailed link. */
export const inviteStaff = (body: InviteUserInput) =>
  apiRequestWithMessage<StaffUser>({ method: 'POST', url: '/v2/invite-user', data: body });

/** Mails a new invitation link; the former one stops working. */
export const resendInvite = (id: string) =>
  apiRequestWithMessage<StaffUser>({
    method: 'POST',
    url: `/v2/resend-invite/${encodeURIComponent(id)}`,
    data: {},
  });

/** GET /v2/users/{id}/timeline: the account's history, changes worked out by the server. */
export async function fetchStaffTimeline(
  id: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return apiList<ActivityEntry>({
    method: 'GET',
    url: `/v2/users/${encodeURIComponent(id)}/timeline`,
    params: { page, page_size: pageSize },
    signal,
  });
}
