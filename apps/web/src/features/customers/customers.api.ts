import type {
  CustomerBody,
  CustomerBulkAnswer,
  CustomerBulkRequest,
  CustomerDetail,
  CustomerDuplicate,
  CustomerListAnswer,
  CustomerListQuery,
  CustomerUpdateBody,
  DuplicateCustomer,
} from '@omnicare/shared/customers/customers.schemas';
import type { ActivityEntry } from '@omnicare/shared/audit/activity.schemas';
import { CUSTOMER_GROUP_TARGET } from '@omnicare/shared/customers/customer-enums';
import type {
  ImportPreview,
  ImportStartBody,
} from '@omnicare/shared/customers/customer-import.schemas';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import type { Job } from '@omnicare/shared/jobs/jobs.schemas';
import type { City, District } from '@omnicare/shared/locations/locations.schemas';
import type { ApiSuccess } from '@omnicare/shared/platform/envelope';
import type { SavedFilter } from '@omnicare/shared/saved-filters/saved-filters.schemas';
import { apiList, apiRequest, compactParams, downloadFile, http } from '@/lib/http';

/* ----------------------------------------------------------------------- customer groups */

export interface GroupListParams {
  offset: number;
  limit: number;
  name?: string;
  /** Only these groups (a picker naming its chosen values). */
  ids?: readonly string[];
}

/** GET /v2/groups: the spec reads `list` and `total`. */
export async function fetchCustomerGroups(
  params: GroupListParams,
  signal?: AbortSignal,
): Promise<{ list: Group[]; total: number }> {
  const data = await apiRequest<{ list?: Group[]; total?: number }>({
    method: 'GET',
    url: '/v2/groups',
    params: {
      target: CUSTOMER_GROUP_TARGET,
      ...params,
      name: params.name || undefined,
      ids: params.ids ? params.ids.join(',') : undefined,
    },
    signal,
  });
  return { list: data?.list ?? [], total: data?.total ?? 0 };
}

export interface CustomerGroupPayload {
  id?: string;
  name: string;
}

/** POST /v2/group or PUT /v2/updateGroup; resolves with the server's message. */
export async function saveCustomerGroup(payload: CustomerGroupPayload): Promise<string> {
  const body = { id: payload.id, name: payload.name, target: CUSTOMER_GROUP_TARGET };
  const response = await http.request<ApiSuccess<Group>>(
    payload.id
      ? { method: 'PUT', url: '/v2/updateGroup', data: body }
      : { method: 'POST', url: '/v2/group', data: body },
  );
  return response.data.message;
}

export async function deleteCustomerGroup(id: string): Promise<void> {
  await apiRequest<null>({ method: 'DELETE', url: `/v2/group/${encodeURIComponent(id)}` });
}

/* ----------------------------------------------------------------------------- customers */

/** The list filters as the screen keeps them (all optional strings, like a query string). */
export interface CustomerFilters {
  group_id?: string;
  tag_id?: string;
  tier?: string;
  source?: string;
  owner_id?: string;
  organization_id?: string;
  created_from?: string;
  created_to?: string;
  /** Custom field filters: the API's JSON by field key (see `custom-filters.ts`). */
  custom?: string;
}
export const FILTER_KEYS = [
  'group_id',
  'tag_id',
  'tier',
  'source',
  'owner_id',
  'organization_id',
  'created_from',
  'created_to',
  'custom',
] as const satisfies readonly (keyof CustomerFilters)[];

export type CustomerSort = CustomerListQuery['sort'];
export type SortOrder = CustomerListQuery['order'];

export interface CustomerListParams extends CustomerFilters {
  keyword?: string;
  sort: CustomerSort;
  order: SortOrder;
  page: number;
  page_size: number;
}

export type CustomerPage = Pick<CustomerListAnswer, 'data' | 'total' | 'total_capped'>;

export async function fetchCustomers(
  params: CustomerListParams,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  const response = await http.request<Partial<CustomerListAnswer>>({
    method: 'GET',
    url: '/v2/customers',
    params: compactParams(params),
    signal,
  });
  return {
    data: response.data.data ?? [],
    total: response.data.total ?? 0,
    total_capped: response.data.total_capped === true,
  };
}

export async function fetchCustomer(id: string, signal?: AbortSignal): Promise<CustomerDetail> {
  return apiRequest<CustomerDetail>({
    method: 'GET',
    url: `/v2/customers/${encodeURIComponent(id)}`,
    signal,
  });
}

export type CustomerPayload = Omit<CustomerBody, 'avatar_url'>;

export async function saveCustomer(
  id: string | undefined,
  body: CustomerPayload,
): Promise<CustomerDetail> {
  return apiRequest<CustomerDetail>(
    id
      ? { method: 'PUT', url: `/v2/customers/${encodeURIComponent(id)}`, data: body }
      : { method: 'POST', url: '/v2/customers', data: body },
  );
}

/** PUT /v2/customers/{id} with only some fields: those left out keep their value. */
export async function updateCustomerFields(
  id: string,
  changes: CustomerUpdateBody,
): Promise<CustomerDetail> {
  return apiRequest<CustomerDetail>({
    method: 'PUT',
    url: `/v2/customers/${encodeURIComponent(id)}`,
    data: changes,
  });
}

export async function deleteCustomer(id: string): Promise<void> {
  await apiRequest<null>({ method: 'DELETE', url: `/v2/customers/${encodeURIComponent(id)}` });
}

export async function uploadCustomerAvatar(id: string, file: File): Promise<CustomerDetail> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<CustomerDetail>({
    method: 'POST',
    url: `/v2/customers/${encodeURIComponent(id)}/avatar`,
    data: form,
  });
}

export async function fetchCustomerTimeline(id: string, signal?: AbortSignal) {
  return apiList<ActivityEntry>({
    method: 'GET',
    url: `/v2/customers/${encodeURIComponent(id)}/timeline`,
    params: { page: 1, page_size: 50 },
    signal,
  });
}

export async function runBulk(payload: CustomerBulkRequest): Promise<CustomerBulkAnswer> {
  return apiRequest<CustomerBulkAnswer>({
    method: 'POST',
    url: '/v2/customers/bulk',
    data: payload,
  });
}

export async function mergeCustomers(
  survivorId: string,
  mergedId: string,
): Promise<CustomerDetail> {
  return apiRequest<CustomerDetail>({
    method: 'POST',
    url: '/v2/customers/merge',
    data: { survivor_id: survivorId, merged_id: mergedId },
  });
}

export function duplicateOf(body: unknown): DuplicateCustomer | null {
  if (!body || typeof body !== 'object') return null;
  const duplicate = (body as { duplicate?: unknown }).duplicate;
  if (!duplicate || typeof duplicate !== 'object') return null;
  const { _id, name, link } = duplicate as Partial<DuplicateCustomer>;
  if (typeof _id !== 'string' || typeof link !== 'string') return null;
  return { _id, name: typeof name === 'string' ? name : '', link };
}

/* ------------------------------------------------------------------------------ pickers */

export const fetchCities = (signal?: AbortSignal) =>
  apiRequest<City[]>({ method: 'GET', url: '/v2/cities', signal });

export const fetchDistricts = (cityId: string, signal?: AbortSignal) =>
  apiRequest<District[]>({
    method: 'GET',
    url: '/v2/districts',
    params: { city_id: cityId },
    signal,
  });

export async function fetchCustomerFields(signal?: AbortSignal): Promise<CustomField[]> {
  const data = await apiRequest<CustomField[]>({
    method: 'GET',
    url: '/v2/fields',
    params: { entity: 'customer' },
    signal,
  });
  return (data ?? []).filter((field) => field.active).sort((a, b) => a.position - b.position);
}

/* ------------------------------------------------------------------------- saved filters */

export const fetchSavedFilters = (signal?: AbortSignal) =>
  apiRequest<SavedFilter[]>({
    method: 'GET',
    url: '/v2/saved-filters',
    params: { entity: 'customer' },
    signal,
  });

export const createSavedFilter = (name: string, filters: Record<string, unknown>) =>
  apiRequest<SavedFilter>({
    method: 'POST',
    url: '/v2/saved-filters',
    data: { entity: 'customer', name, filters },
  });

export async function deleteSavedFilter(id: string): Promise<void> {
  await apiRequest<null>({ method: 'DELETE', url: `/v2/saved-filters/${encodeURIComponent(id)}` });
}

/* -------------------------------------------------------------------- import and export */

export const IMPORT_JOB_KIND = 'customer_import';
export const EXPORT_JOB_KIND = 'customer_export';

export async function previewImport(file: File): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<ImportPreview>({
    method: 'POST',
    url: '/v2/customers/import/preview',
    data: form,
    timeout: 120_000,
  });
}

export const startImport = (body: ImportStartBody) =>
  apiRequest<Job>({ method: 'POST', url: '/v2/customers/import', data: body });

export const startExport = (query: Record<string, unknown>) =>
  apiRequest<Job>({ method: 'POST', url: '/v2/customers/export', data: query });

export const fetchJob = (id: string, signal?: AbortSignal) =>
  apiRequest<Job>({ method: 'GET', url: `/v2/jobs/${encodeURIComponent(id)}`, signal });

export async function fetchJobs(kind: string, signal?: AbortSignal): Promise<Job[]> {
  return (await apiList<Job>({ method: 'GET', url: '/v2/jobs', params: { kind }, signal })).data;
}

/** Downloads a job's file with the session header and saves it under the server's name. */
export const downloadJobFile = (url: string, fallbackName: string) =>
  downloadFile({ method: 'GET', url }, fallbackName);

/** Likely duplicates of a customer (same phone, email or diacritics-free name) in one's scope. */
export const fetchCustomerDuplicates = (id: string, signal?: AbortSignal) =>
  apiRequest<CustomerDuplicate[]>({
    method: 'GET',
    url: `/v2/customers/${encodeURIComponent(id)}/duplicates`,
    signal,
  });

/** The import's sample file, headed as the import reads it (the tenant's custom fields too). */
export const downloadImportSample = (format: 'xlsx' | 'csv') =>
  downloadJobFile(`/v2/customers/import/sample?format=${format}`, `mau-nhap-khach-hang.${format}`);
