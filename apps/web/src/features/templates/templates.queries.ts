import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@omnicare/shared/platform/constants';
import type { TemplateKind } from '@omnicare/shared/templates/template-enums';
import {
  deleteCatalog,
  deleteTemplate,
  listCatalogs,
  listTemplates,
  saveCatalog,
  saveTemplate,
} from './templates.api';
import type { CatalogListParams, TemplateListParams } from './templates.api';

export const templateKeys = {
  all: ['message-templates'] as const,
  list: (kind: TemplateKind, params: TemplateListParams) =>
    ['message-templates', 'list', kind, params] as const,
  catalogs: ['template-catalogs'] as const,
  catalogList: (params: CatalogListParams) => ['template-catalogs', 'list', params] as const,
  catalogOptions: ['template-catalogs', 'options'] as const,
};

export function useTemplateList(kind: TemplateKind, params: TemplateListParams) {
  return useQuery({
    queryKey: templateKeys.list(kind, params),
    queryFn: ({ signal }) => listTemplates(kind, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCatalogList(params: CatalogListParams) {
  return useQuery({
    queryKey: templateKeys.catalogList(params),
    queryFn: ({ signal }) => listCatalogs(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every catalog (up to the page-size cap), for the filter and the form. */
export function useCatalogOptions() {
  return useQuery({
    queryKey: templateKeys.catalogOptions,
    queryFn: async ({ signal }) =>
      (await listCatalogs({ page: 1, page_size: MAX_PAGE_SIZE }, signal)).data,
    staleTime: 30_000,
  });
}

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: templateKeys.all }),
      // Catalogs show how many templates they hold.
      queryClient.invalidateQueries({ queryKey: templateKeys.catalogs }),
    ]);
}

export function useSaveTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    // The form shows field errors itself.
    meta: { silent: true },
    mutationFn: saveTemplate,
    onSuccess: () => invalidate(),
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: deleteTemplate, onSuccess: () => invalidate() });
}

export function useSaveCatalog() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    meta: { silent: true },
    mutationFn: saveCatalog,
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCatalog() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: deleteCatalog, onSuccess: () => invalidate() });
}
