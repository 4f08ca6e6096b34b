import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@omnicare/shared/platform/constants';
import type { TemplateKind } from '@omnicare/shared/templates/template-enums';
import type {
  TemplateCatalog,
  TemplateCatalogBody,
} from '@omnicare/shared/templates/templates.schemas';
import type { Catalogue } from '@/components/catalogue/catalogue-api';
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
  catalogOptions: ['template-catalogs', 'options'] as const,
};

export function useTemplateList(kind: TemplateKind, params: TemplateListParams) {
  return useQuery({
    queryKey: templateKeys.list(kind, params),
    queryFn: ({ signal }) => listTemplates(kind, params, signal),
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

/** The template catalogs as a catalogue (paged, searched by `keyword`), through this feature's calls. */
export const TEMPLATE_CATALOGS: Catalogue<TemplateCatalog, TemplateCatalogBody> = {
  key: [...templateKeys.catalogs, 'list'],
  // Templates show their catalog's name; the options list is the catalogs' too.
  invalidates: [templateKeys.all, templateKeys.catalogs],
  list: (signal, params) =>
    listCatalogs({ page: 1, page_size: MAX_PAGE_SIZE, ...params } as CatalogListParams, signal),
  save: (input) => saveCatalog(input),
  remove: (id) => deleteCatalog(id),
};
