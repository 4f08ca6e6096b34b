import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizationBody } from '@omnicare/shared/organizations/organizations.schemas';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  getOrganizationTree,
  updateOrganization,
} from './organizations.api';

export const organizationKeys = {
  all: ['organizations'] as const,
  tree: () => ['organizations', 'tree'] as const,
  detail: (id: string) => ['organizations', 'detail', id] as const,
};

export function useOrganizationTree() {
  return useQuery({
    queryKey: organizationKeys.tree(),
    queryFn: ({ signal }) => getOrganizationTree(signal),
    staleTime: 30_000,
  });
}

export function useOrganization(id: string) {
  return useQuery({
    // The record page explains a missing organization itself.
    meta: { silent: true },
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => getOrganization(id, signal),
  });
}

/** Organizations show up in staff and department lists too: refresh those after a change. */
function useInvalidateOrganizations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['staff'] }),
      queryClient.invalidateQueries({ queryKey: ['departments'] }),
    ]);
}

export function useCreateOrganization() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: (body: OrganizationBody) => createOrganization(body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateOrganization() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrganizationBody }) =>
      updateOrganization(id, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteOrganization() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: (id: string) => deleteOrganization(id),
    onSuccess: () => invalidate(),
  });
}
