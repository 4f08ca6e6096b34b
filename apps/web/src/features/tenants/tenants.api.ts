import type { z } from 'zod';
import type {
  TenantAccount,
  TenantConfigView,
  tenantConfigBody,
} from '@omnicare/shared/tenants/tenants.schemas';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import { apiList, apiRequest, apiRequestWithMessage } from '@/lib/http';

const configUrl = (tenantId: string | null) =>
  tenantId ? `/v2/tenant/config/${encodeURIComponent(tenantId)}` : '/v2/tenant/config';

/** The own tenant's configuration (null), or any tenant's for the platform administrator. */
export const getTenantConfig = (tenantId: string | null, signal?: AbortSignal) =>
  apiRequest<TenantConfigView>({ method: 'GET', url: configUrl(tenantId), signal });

/** The body as typed in the form: the server parses it with the shared schema. */
export type TenantConfigInput = z.input<typeof tenantConfigBody>;

export const updateTenantConfig = (tenantId: string | null, body: TenantConfigInput) =>
  apiRequestWithMessage<TenantConfigView>({ method: 'PUT', url: configUrl(tenantId), data: body });

export const listTenants = (signal?: AbortSignal) =>
  apiList<TenantAccount>({ method: 'GET', url: '/v2/admin/settings/accounts-all', signal });

export const listTenantUsers = (
  tenantId: string,
  params: { page: number; page_size: number },
  signal?: AbortSignal,
) =>
  apiList<StaffUser>({
    method: 'GET',
    url: `/v2/admin/settings/${encodeURIComponent(tenantId)}/users`,
    params,
    signal,
  });
