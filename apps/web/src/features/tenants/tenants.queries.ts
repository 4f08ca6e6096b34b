import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getTenantConfig, listTenantUsers, listTenants, updateTenantConfig } from './tenants.api';
import type { TenantConfigInput } from './tenants.api';

export const tenantKeys = {
  all: ['tenants'] as const,
  config: (tenantId: string | null) => ['tenants', 'config', tenantId ?? 'own'] as const,
  list: () => ['tenants', 'list'] as const,
  users: (tenantId: string, page: number, pageSize: number) =>
    ['tenants', 'users', tenantId, page, pageSize] as const,
};

export function useTenantConfig(tenantId: string | null) {
  return useQuery({
    queryKey: tenantKeys.config(tenantId),
    queryFn: ({ signal }) => getTenantConfig(tenantId, signal),
  });
}

export function useTenants(enabled: boolean) {
  return useQuery({
    queryKey: tenantKeys.list(),
    queryFn: ({ signal }) => listTenants(signal),
    enabled,
  });
}

export function useTenantUsers(tenantId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: tenantKeys.users(tenantId, page, pageSize),
    queryFn: ({ signal }) => listTenantUsers(tenantId, { page, page_size: pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Saving re-reads the own account too: the menu and the automation guard follow `workflow`. */
export function useUpdateTenantConfig(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: TenantConfigInput) => updateTenantConfig(tenantId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['my-account'] }),
      ]),
  });
}
