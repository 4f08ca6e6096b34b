/**
 * Message templates (canned responses) and their catalogs.
 *
 * - Catalogs belong to a tenant; names are unique without case or diacritics. Only
 *   administrators change them; deleting one is refused while templates are filed under it.
 * - A template's visibility says who may use it: 'everyone' (the tenant), 'departments' (the
 *   members of chosen departments) or 'personal' (its owner only). Administrators manage the
 *   shared ones (everyone, departments); any staff member manages their own personal ones, and
 *   nobody else sees or changes those. Changing visibility to or from shared needs an
 *   administrator.
 * - Lists: administrators and supervisors see every shared template and their own personal
 *   ones; team leaders and agents see what they may use (active or not).
 * - GET /v2/templates/user/{id} answers the active templates a user may use; a user reads their
 *   own, administrators and supervisors anyone's in the tenant.
 * - Every write is audited (entities 'template_catalog' and 'template').
 */
import { can } from '@omnicare/shared/users/permissions';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import {
  TEMPLATE_CATALOG_MESSAGES,
  TEMPLATE_MESSAGES,
  messageTemplateView,
  templateBody,
  templateCatalogBody,
  templateCatalogQuery,
  templateCatalogView,
  templateKindParams,
  templateListQuery,
  type MessageTemplate,
  type TemplateBody,
  type TemplateCatalog,
  type ZnsCheckView,
  ZNS_CHECK_MESSAGES,
} from '@omnicare/shared/templates/templates.schemas';
import type { TemplateKind, TemplateVisibility } from '@omnicare/shared/templates/template-enums';
import {
  TEMPLATE_PLACEHOLDERS,
  usedPlaceholders,
  znsParamName,
} from '@omnicare/shared/templates/placeholders';
import type { Platform } from '../../platform/context.js';
import { isUniqueViolation } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { catalogue, type CatalogueContext } from '../../platform/catalogue.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.js';
import * as repo from './templates.repository.js';
import { znsTemplateInfo } from '../channels/channels.service.js';

const canManageShared = (auth: AuthContext) => can(auth.role, 'template.manage_shared');
const canReadAll = (auth: AuthContext) => can(auth.role, 'template.read_all');

/* ------------------------------------------------------------------------------ catalogs */

const toCatalog = ({ catalog, templateCount }: repo.CatalogRow): TemplateCatalog => ({
  _id: catalog.id,
  name: catalog.name,
  description: catalog.description,
  template_count: Number(templateCount),
  created_at: catalog.createdAt.toISOString(),
  updated_at: catalog.updatedAt.toISOString(),
});

/** The catalog a template is filed under, as stored from its body. */
const catalogValues = (body: { name: string; description: string }) => ({
  name: body.name,
  nameKey: toSearchKey(body.name),
  description: body.description,
});

/** The tenant's template catalogs, as a catalogue (platform/catalogue.ts). */
export const templateCatalogs = catalogue({
  tag: 'templates',
  entity: 'template_catalog',
  messages: TEMPLATE_CATALOG_MESSAGES,
  access: { read: 'authenticated', manage: 'template_catalog.manage' },
  paths: {
    list: '/v2/core/template-catalogs',
    create: '/v2/core/template-catalogs',
    one: '/v2/core/template-catalogs/:id',
  },
  summaries: {
    list: 'Danh mục mẫu tin nhắn',
    record: 'danh mục mẫu',
  },
  schemas: { view: templateCatalogView, body: templateCatalogBody, query: templateCatalogQuery },
  list: async (ctx, filter) => {
    const { rows, total } = await repo.listCatalogs(ctx.db, ctx.tenantId, {
      keyword: filter.keyword || undefined,
      offset: (filter.page - 1) * filter.page_size,
      limit: filter.page_size,
    });
    return { data: rows.map(toCatalog), total };
  },
  find: async (ctx, id) => {
    const row = await repo.getCatalog(ctx.db, ctx.tenantId, id);
    return row && toCatalog(row);
  },
  // Unique without case or diacritics (the stored key).
  nameTaken: (ctx, body, id) =>
    repo.catalogNameTaken(ctx.db, ctx.tenantId, toSearchKey(body.name), id ?? undefined),
  write: async (ctx, id, body) => {
    const values = catalogValues(body);
    if (!id)
      return repo.insertCatalog(ctx.db, {
        tenantId: ctx.tenantId,
        createdBy: ctx.auth.userId,
        ...values,
      });
    await repo.updateCatalog(ctx.db, ctx.tenantId, id, values);
    return id;
  },
  remove: (ctx, id) => repo.deleteCatalog(ctx.db, ctx.tenantId, id),
  // Refused while templates (of anyone, personal ones included) are filed under the catalog.
  inUse: async (ctx, id) => {
    const row = await repo.getCatalog(ctx.db, ctx.tenantId, id);
    const count = row ? toCatalog(row).template_count : 0;
    return count > 0 ? new AppError(422, TEMPLATE_CATALOG_MESSAGES.inUse(count)) : undefined;
  },
});

/* ----------------------------------------------------------------------------- templates */

const toTemplate = ({
  template,
  catalogName,
  ownerName,
  departments,
}: repo.TemplateRow): MessageTemplate => ({
  _id: template.id,
  kind: template.kind as TemplateKind,
  name: template.name,
  catalog_id: template.catalogId,
  catalog_name: catalogName,
  content: template.content,
  subject: template.subject,
  shortcut: template.shortcut,
  zns_template_id: template.znsTemplateId,
  wa_template_name: template.waTemplateName,
  wa_language: template.waLanguage,
  visibility: template.visibility as TemplateVisibility,
  departments,
  active: template.active,
  owner: { _id: template.ownerId, name: ownerName },
  placeholders: usedPlaceholders(`${template.subject ?? ''}\n${template.content}`),
  created_at: template.createdAt.toISOString(),
  updated_at: template.updatedAt.toISOString(),
});

/** What the caller sees in the management lists. */
const visibleTo = (auth: AuthContext) =>
  canReadAll(auth) ? repo.sharedOrOwn(auth.userId) : repo.usableBy(auth.userId);

/** Shared templates are the administrators'; personal ones their owner's. */
function assertMayWrite(auth: AuthContext, visibility: TemplateVisibility) {
  if (visibility !== 'personal' && !canManageShared(auth)) throw forbidden();
}

async function checkReferences(ctx: CatalogueContext, body: TemplateBody, exceptId?: string) {
  if (body.catalog_id && !(await repo.catalogExists(ctx.db, ctx.tenantId, body.catalog_id)))
    throw fieldError('catalog_id', TEMPLATE_MESSAGES.catalogMissing);
  if (
    body.department_ids.length > 0 &&
    (await repo.departmentIdsInTenant(ctx.db, ctx.tenantId, body.department_ids)).length !==
      body.department_ids.length
  )
    throw fieldError('department_ids', TEMPLATE_MESSAGES.departmentMissing);
  if (body.shortcut && (await repo.shortcutTaken(ctx.db, ctx.tenantId, body.shortcut, exceptId)))
    throw fieldError('shortcut', TEMPLATE_MESSAGES.shortcutTaken);
}

const columnsOf = (body: TemplateBody) => ({
  kind: body.kind,
  name: body.name,
  catalogId: body.catalog_id,
  content: body.content,
  subject: body.subject,
  shortcut: body.shortcut,
  znsTemplateId: body.zns_template_id,
  waTemplateName: body.wa_template_name,
  waLanguage: body.wa_language,
  visibility: body.visibility,
  active: body.active,
});

/**
 * The tenant's message templates, as a catalogue (platform/catalogue.ts) whose routes any staff
 * member may call: who may see and change a template depends on its visibility.
 */
export const messageTemplates = catalogue({
  tag: 'templates',
  entity: 'template',
  messages: TEMPLATE_MESSAGES,
  access: { read: 'authenticated', manage: 'authenticated' },
  paths: {
    list: '/v2/core/templates/:kind',
    create: '/v2/core/template',
    one: '/v2/core/template/:id',
  },
  summaries: {
    list: 'Danh sách mẫu tin nhắn theo loại',
    get: 'Chi tiết mẫu tin nhắn',
    record: 'mẫu tin nhắn',
  },
  schemas: {
    view: messageTemplateView,
    body: templateBody,
    query: templateListQuery,
    listParams: templateKindParams,
  },
  list: async (ctx, query, { kind }) => {
    const { rows, total } = await repo.listTemplates(ctx.db, ctx.tenantId, {
      visibleTo: visibleTo(ctx.auth),
      kind,
      keyword: query.keyword || undefined,
      catalogId: query.catalog_id === 'none' ? null : query.catalog_id,
      visibility: query.visibility,
      active: query.active,
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
    });
    return { data: rows.map(toTemplate), total };
  },
  // Another's personal template, or a department's the caller is not in, is not revealed (404).
  find: async (ctx, id) => {
    const row = await repo.getTemplate(ctx.db, ctx.tenantId, id);
    if (!row) return undefined;
    const template = toTemplate(row);
    if (template.visibility === 'personal' && template.owner?._id !== ctx.auth.userId)
      return undefined;
    if (
      template.visibility === 'departments' &&
      !canReadAll(ctx.auth) &&
      !(await repo.isUsableBy(ctx.db, ctx.tenantId, id, ctx.auth.userId))
    )
      return undefined;
    return template;
  },
  // Both what it was and what it becomes must be the caller's to change.
  mayChange: (ctx, before, body) => {
    if (before) assertMayWrite(ctx.auth, before.visibility);
    if (body) assertMayWrite(ctx.auth, body.visibility);
  },
  write: async (ctx, id, body) => {
    await checkReferences(ctx, body, id ?? undefined);
    try {
      return await ctx.db.transaction(async (tx) => {
        const columns = { ...columnsOf(body), updatedBy: ctx.auth.userId };
        const templateId =
          id ??
          (await repo.insertTemplate(tx, {
            tenantId: ctx.tenantId,
            ...columns,
            ownerId: ctx.auth.userId,
          }));
        if (id) await repo.updateTemplate(tx, ctx.tenantId, id, columns);
        await repo.setTemplateDepartments(tx, ctx.tenantId, templateId, body.department_ids);
        return templateId;
      });
    } catch (error) {
      // Two saves of one shortcut at once: the unique index answers like the check.
      if (isUniqueViolation(error)) throw fieldError('shortcut', TEMPLATE_MESSAGES.shortcutTaken);
      throw error;
    }
  },
  remove: (ctx, id) => repo.deleteTemplate(ctx.db, ctx.tenantId, id),
});

/**
 * The active templates a user may use (everyone + their departments + their personal ones).
 * A user reads their own; administrators and supervisors anyone's in their tenant.
 */
export async function templatesOfUser(
  platform: Platform,
  auth: AuthContext,
  userId: string,
  filter: { kind?: TemplateKind; keyword?: string },
) {
  if (userId !== auth.userId && !canReadAll(auth)) throw forbidden();
  if (!(await repo.staffUserInTenant(platform.db, auth.tenantId, userId)))
    throw notFound(TEMPLATE_MESSAGES.userNotFound);
  const rows = await repo.allTemplates(platform.db, auth.tenantId, {
    visibleTo: repo.usableBy(userId),
    kind: filter.kind,
    keyword: filter.keyword || undefined,
    active: true,
  });
  return rows.map(toTemplate);
}

/**
 * `POST /v2/core/template/{id}/zns-check`: a ZNS template the caller may read, compared with
 * the one Zalo registered under its `zns_template_id`: approved (ENABLE), and every Zalo
 * parameter one OmniCare fills (`znsParamName` of a placeholder). Zalo's own refusal, or no
 * ZNS channel, is the answer's message with `ok` false.
 */
export async function checkZnsTemplate(
  platform: Platform,
  auth: AuthContext,
  id: string,
): Promise<ZnsCheckView> {
  const template = await messageTemplates.get(platform, auth, id);
  if (template.kind !== 'zns' || !template.zns_template_id)
    throw fieldError('id', ZNS_CHECK_MESSAGES.notZns);
  const refused = (message: string): ZnsCheckView => ({
    ok: false,
    status: null,
    zalo_params: [],
    unfillable: [],
    unused: [],
    message,
  });
  let info: Awaited<ReturnType<typeof znsTemplateInfo>>;
  try {
    info = await znsTemplateInfo(platform, auth.tenantId, template.zns_template_id);
  } catch (error) {
    return refused(
      ZNS_CHECK_MESSAGES.failed(error instanceof Error ? error.message : String(error)),
    );
  }
  if (!info) return refused(ZNS_CHECK_MESSAGES.noChannel);
  const fillable = new Set(
    TEMPLATE_PLACEHOLDERS.map((placeholder) => znsParamName(placeholder.key)),
  );
  const unfillable = info.params.filter((name) => !fillable.has(name));
  const zalo = new Set(info.params);
  const unused = usedPlaceholders(template.content)
    .map(znsParamName)
    .filter((name) => !zalo.has(name));
  const problems = [
    ...(info.status === 'ENABLE' ? [] : [ZNS_CHECK_MESSAGES.status(info.status || '?')]),
    ...(unfillable.length ? [ZNS_CHECK_MESSAGES.unfillable(unfillable)] : []),
  ];
  const ok = problems.length === 0;
  return {
    ok,
    status: info.status || null,
    zalo_params: info.params,
    unfillable,
    unused,
    message: [
      ...(ok ? [ZNS_CHECK_MESSAGES.ok] : problems),
      ...(unused.length ? [ZNS_CHECK_MESSAGES.unused(unused)] : []),
    ].join('. '),
  };
}
