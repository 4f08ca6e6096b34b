import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Catalogue, CatalogueParams, CatalogueRow } from './catalogue-api';

/** A catalogue's list (whole, or the page `params` ask for). */
export function useCatalogueList<Row extends CatalogueRow, Body>(
  catalogue: Catalogue<Row, Body>,
  params?: CatalogueParams,
) {
  return useQuery({
    queryKey: params ? [...catalogue.key, params] : catalogue.key,
    queryFn: ({ signal }) => catalogue.list(signal, params),
    staleTime: 10_000,
    placeholderData: params ? keepPreviousData : undefined,
  });
}

/** After a change: the catalogue's lists and what shows their names. */
function useInvalidate(catalogue: Catalogue<CatalogueRow, unknown>) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [catalogue.key, ...(catalogue.invalidates ?? [])].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSaveCatalogue<Row extends CatalogueRow, Body>(catalogue: Catalogue<Row, Body>) {
  const invalidate = useInvalidate(catalogue);
  return useMutation({
    // The form shows field errors itself.
    meta: { silent: true },
    mutationFn: (input: { id: string | null; body: Body }) => catalogue.save(input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCatalogue(catalogue: Catalogue<CatalogueRow, unknown>) {
  const invalidate = useInvalidate(catalogue);
  return useMutation({
    mutationFn: (id: string) => catalogue.remove(id),
    onSuccess: () => invalidate(),
  });
}
