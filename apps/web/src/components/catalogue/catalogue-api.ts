import { apiList, apiRequest, apiRequestWithMessage } from '@/lib/http';

/** What every catalogue row has: the list's key and the name its actions are labelled with. */
export interface CatalogueRow {
  _id: string;
  name: string;
}

export type CatalogueParams = Record<string, string | number>;

/**
 * One catalogue of the web app (priorities, queues...): its calls and the query keys of its
 * cache. `Row` and `Body` are the shared contract's view and body types. `atPaths` builds the
 * calls from the spec's paths; a feature with calls of its own gives them as they are.
 */
export interface Catalogue<Row extends CatalogueRow, Body> {
  /** The list's query key; a change also makes every key in `invalidates` stale. */
  key: readonly unknown[];
  invalidates?: readonly (readonly unknown[])[];
  list(signal?: AbortSignal, params?: CatalogueParams): Promise<{ data: Row[]; total: number }>;
  save(input: { id: string | null; body: Body }): Promise<{ data: Row; message: string }>;
  remove(id: string): Promise<{ message: string }>;
}

/**
 * The calls of a catalogue at its paths: the list (answered `{data, total}`, or `{data}` with
 * `answer: 'array'`), where one is created, and the prefix of one record's path
 * (`/v2/priority`: PUT, or POST for smart views, and DELETE on `/v2/priority/{id}`).
 */
export function atPaths<Row extends CatalogueRow, Body>(
  key: readonly unknown[],
  paths: { list: string; create?: string; one: string },
  options: {
    invalidates?: readonly (readonly unknown[])[];
    updateMethod?: 'PUT' | 'POST';
    answer?: 'list' | 'array';
  } = {},
): Catalogue<Row, Body> {
  const one = (id: string) => `${paths.one}/${encodeURIComponent(id)}`;
  return {
    key,
    invalidates: options.invalidates,
    async list(signal, params) {
      const config = { method: 'GET', url: paths.list, params, signal } as const;
      if (options.answer !== 'array') return apiList<Row>(config);
      const data = (await apiRequest<Row[]>(config)) ?? [];
      return { data, total: data.length };
    },
    save: ({ id, body }) =>
      apiRequestWithMessage<Row>(
        id
          ? { method: options.updateMethod ?? 'PUT', url: one(id), data: body }
          : { method: 'POST', url: paths.create ?? paths.list, data: body },
      ),
    remove: (id) => apiRequestWithMessage<null>({ method: 'DELETE', url: one(id) }),
  };
}
