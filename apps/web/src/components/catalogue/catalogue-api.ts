import { apiList, apiRequest, apiRequestWithMessage } from '@/lib/http';

/** What every catalogue row has: the list's key and the name its actions are labelled with. */
export interface CatalogueRow {
  _id: string;
  name: string;
}

/**
 * One catalogue of the web app (priorities, queues, tag groups...): where it lives on the
 * server, as the spec writes it, and the query keys of its cache. `Row` and `Body` are the
 * shared contract's view and body types.
 */
export interface Catalogue<Row extends CatalogueRow, Body> {
  /** The list's query key; a change also makes every key in `invalidates` stale. */
  key: readonly unknown[];
  invalidates?: readonly (readonly unknown[])[];
  /** The list, where one is created, and the prefix of one record's path (`/v2/priority`). */
  paths: { list: string; create: string; one: string };
  /** How a record is updated (smart views: POST on their path). */
  updateMethod?: 'PUT' | 'POST';
  /** 'list' (default): the answer is `{data, total}`; 'array': `{data}` only. */
  answer?: 'list' | 'array';
  /** Carries the row and body types; never read. */
  readonly types?: { row: Row; body: Body };
}

export const defineCatalogue = <Row extends CatalogueRow, Body>(
  catalogue: Omit<Catalogue<Row, Body>, 'types'>,
): Catalogue<Row, Body> => catalogue;

export type RowOf<C> = C extends Catalogue<infer Row, unknown> ? Row : never;
export type BodyOf<C> = C extends Catalogue<CatalogueRow, infer Body> ? Body : never;

const onePath = (catalogue: Catalogue<CatalogueRow, unknown>, id: string) =>
  `${catalogue.paths.one}/${encodeURIComponent(id)}`;

/** The list as `{data, total}`, whichever way the server answers it. */
export async function listCatalogue<Row extends CatalogueRow, Body>(
  catalogue: Catalogue<Row, Body>,
  signal?: AbortSignal,
  params?: Record<string, string | number>,
) {
  const config = { method: 'GET', url: catalogue.paths.list, params, signal } as const;
  if (catalogue.answer !== 'array') return apiList<Row>(config);
  const data = (await apiRequest<Row[]>(config)) ?? [];
  return { data, total: data.length };
}

export function saveCatalogue<Row extends CatalogueRow, Body>(
  catalogue: Catalogue<Row, Body>,
  { id, body }: { id: string | null; body: Body },
) {
  return apiRequestWithMessage<Row>(
    id
      ? { method: catalogue.updateMethod ?? 'PUT', url: onePath(catalogue, id), data: body }
      : { method: 'POST', url: catalogue.paths.create, data: body },
  );
}

export const deleteCatalogue = (catalogue: Catalogue<CatalogueRow, unknown>, id: string) =>
  apiRequestWithMessage<null>({ method: 'DELETE', url: onePath(catalogue, id) });
