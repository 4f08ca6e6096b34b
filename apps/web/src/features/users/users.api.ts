import { MIN_USER_SEARCH_LENGTH } from '@omnicare/shared/platform/constants';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { STAFF_ROLES } from '@omnicare/shared/users/roles';
import { apiRequest } from '@/lib/http';

export interface UserSummary {
  _id: string;
  name: string;
  email: string;
  role: StaffRole;
  agent_id: string;
}

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
  const data = await apiRequest<{ list?: UserSummary[]; total?: number }>({
    method: 'GET',
    url: '/v2/all-user',
    params: { ...extra, keyword: text, roles: JSON.stringify(roles) },
    signal,
  });
  return data?.list ?? [];
}
