import type {
  OrganizationBody,
  OrganizationDetail,
  OrganizationNode,
} from '@omnicare/shared/organizations/organizations.schemas';
import { apiRequest, apiRequestWithMessage } from '@/lib/http';

export const getOrganizationTree = (signal?: AbortSignal) =>
  apiRequest<OrganizationNode[]>({ method: 'GET', url: '/v2/organizes', signal });

export const getOrganization = (id: string, signal?: AbortSignal) =>
  apiRequest<OrganizationDetail>({
    method: 'GET',
    url: `/v2/organize/${encodeURIComponent(id)}`,
    signal,
  });

export const createOrganization = (body: OrganizationBody) =>
  apiRequestWithMessage<OrganizationDetail>({ method: 'POST', url: '/v2/organize', data: body });

/** Renames and/or moves (a new parent_id); the server refuses cycles and duplicate names. */
export const updateOrganization = (id: string, body: OrganizationBody) =>
  apiRequestWithMessage<OrganizationDetail>({
    method: 'PUT',
    url: `/v2/organize/${encodeURIComponent(id)}`,
    data: body,
  });

export const deleteOrganization = (id: string) =>
  apiRequestWithMessage<null>({ method: 'DELETE', url: `/v2/organize/${encodeURIComponent(id)}` });
