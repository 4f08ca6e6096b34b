import type { TemplateKind, TemplateVisibility } from '@omnicare/shared/templates/template-enums';
import type {
  MessageTemplate,
  TemplateBodyInput,
  TemplateCatalog,
  TemplateCatalogBody,
  ZnsCheckView,
} from '@omnicare/shared/templates/templates.schemas';
import { apiList, apiRequestWithMessage } from '@/lib/http';

/* ------------------------------------------------------------------------------ catalogs */

export interface CatalogListParams {
  page: number;
  page_size: number;
  keyword?: string;
}

export const listCatalogs = (params: CatalogListParams, signal?: AbortSignal) =>
  apiList<TemplateCatalog>({
    method: 'GET',
    url: '/v2/core/template-catalogs',
    params: { ...params, keyword: params.keyword || undefined },
    signal,
  });

export const saveCatalog = ({ id, body }: { id: string | null; body: TemplateCatalogBody }) =>
  apiRequestWithMessage<TemplateCatalog>(
    id
      ? { method: 'PUT', url: `/v2/core/template-catalogs/${encodeURIComponent(id)}`, data: body }
      : { method: 'POST', url: '/v2/core/template-catalogs', data: body },
  );

export const deleteCatalog = (id: string) =>
  apiRequestWithMessage<null>({
    method: 'DELETE',
    url: `/v2/core/template-catalogs/${encodeURIComponent(id)}`,
  });

/* ----------------------------------------------------------------------------- templates */

export interface TemplateListParams {
  page: number;
  page_size: number;
  keyword?: string;
  /** A catalog id, or 'none' for templates without one. */
  catalog_id?: string;
  visibility?: TemplateVisibility;
  active?: boolean;
}

export const listTemplates = (
  kind: TemplateKind,
  params: TemplateListParams,
  signal?: AbortSignal,
) =>
  apiList<MessageTemplate>({
    method: 'GET',
    url: `/v2/core/templates/${kind}`,
    params: {
      ...params,
      keyword: params.keyword || undefined,
      active: params.active === undefined ? undefined : String(params.active),
    },
    signal,
  });

export const saveTemplate = ({ id, body }: { id: string | null; body: TemplateBodyInput }) =>
  apiRequestWithMessage<MessageTemplate>(
    id
      ? { method: 'PUT', url: `/v2/core/template/${encodeURIComponent(id)}`, data: body }
      : { method: 'POST', url: '/v2/core/template', data: body },
  );

export const deleteTemplate = (id: string) =>
  apiRequestWithMessage<null>({
    method: 'DELETE',
    url: `/v2/core/template/${encodeURIComponent(id)}`,
  });

/** GET /v2/templates/user/{id}: the active templates a user may use. */
export const listUserTemplates = (userId: string, kind?: TemplateKind, signal?: AbortSignal) =>
  apiList<MessageTemplate>({
    method: 'GET',
    url: `/v2/templates/user/${encodeURIComponent(userId)}`,
    params: { kind },
    signal,
  });

/** `POST /v2/core/template/{id}/zns-check`: the template against the one Zalo registered. */
export const checkZnsTemplate = (id: string) =>
  apiRequestWithMessage<ZnsCheckView>({
    method: 'POST',
    url: `/v2/core/template/${encodeURIComponent(id)}/zns-check`,
  });
