import type {
  CreateGroupBody,
  Group,
  GroupPage,
  UpdateGroupBody,
} from '@omnicare/shared/groups/groups.schemas';
import { apiRequest, apiRequestWithMessage } from '@/lib/http';

export interface DepartmentListParams {
  page: number;
  page_size: number;
  name?: string;
  /** Only these departments (a picker naming its chosen values). */
  ids?: readonly string[];
}

/** Departments are groups with target 'user'; /v2/all-group answers `{ list, total }`. */
export async function listDepartments(
  params: DepartmentListParams,
  signal?: AbortSignal,
): Promise<{ data: Group[]; total: number }> {
  const data = await apiRequest<Partial<GroupPage>>({
    method: 'GET',
    url: '/v2/all-group',
    params: { target: 'user', ...params, ids: params.ids ? params.ids.join(',') : undefined },
    signal,
  });
  return { data: data?.list ?? [], total: data?.total ?? 0 };
}

export type DepartmentBody = Extract<CreateGroupBody, { target: 'user' }>;
export type DepartmentUpdateBody = Extract<UpdateGroupBody, { target: 'user' }>;

export const createDepartment = (body: DepartmentBody) =>
  apiRequestWithMessage<Group>({ method: 'POST', url: '/v2/group', data: body });

export const updateDepartment = (body: DepartmentUpdateBody) =>
  apiRequestWithMessage<Group>({ method: 'PUT', url: '/v2/updateGroup', data: body });

export const deleteDepartment = (id: string) =>
  apiRequestWithMessage<null>({ method: 'DELETE', url: `/v2/group/${encodeURIComponent(id)}` });
