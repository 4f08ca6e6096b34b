import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { noData } from '@omnicare/shared/platform/envelope';
import type { AuditEntity, AuditSubject, AuditVerb } from '@omnicare/shared/audit/audit-actions';
import { writeAudit } from '../modules/audit/audit.service.js';
import { authOf, type Access, type AuthContext } from './auth.js';
import type { Platform } from './context.js';
import { isUniqueViolation, pgErrorCode, type Database } from './db.js';
import { AppError, fieldError, notFound } from './errors.js';
import { answers, created, list, ok } from './respond.js';
import { typed, type RouteModule } from './routes.js';
import * as rows from './catalogue.repository.js';

/**
 * A catalogue: a tenant-owned list of named records (priorities, types, queues, tag groups...)
 * that staff read and some roles manage, each change audited, a record in use not deleted.
 * One definition gives its routes (`catalogueRoutes`) and its service (`catalogue`): list,
 * read one, create, update and delete, with the same 404, 422 and envelope everywhere.
 * See "Catalogues" in README.md beside this file.
 */

/** Entities whose audit actions include create, update and delete. */
export type CatalogueEntity = {
  [Entity in AuditEntity]: 'create' | 'update' | 'delete' extends AuditVerb<Entity>
    ? Entity
    : never;
}[AuditEntity];

export interface CatalogueMessages {
  created: string;
  updated: string;
  deleted: string;
  notFound: string;
  /** The 422 on `name` when `nameTaken` says so. */
  nameTaken?: string;
  /** What the record is ('Mức độ ưu tiên'): the start of an in-use refusal. */
  subject: string;
  /** The 422 of a malformed id in the path (notFound when not given). */
  invalidId?: string;
}

/** What a definition's functions are given: the caller and the platform. */
export interface CatalogueContext {
  platform: Platform;
  auth: AuthContext;
  db: Database;
  tenantId: string;
}

type Listed<View> = View[] | { data: View[]; total: number };

export interface CatalogueDefinition<
  View extends { _id: string },
  Body,
  Query = Record<string, never>,
  ListParams = Record<string, never>,
> {
  /** The OpenAPI tag of the routes (the module's name). */
  tag: string;
  /** The audit entity of every change ('ticket_priority'). */
  entity: CatalogueEntity;
  messages: CatalogueMessages;
  /** Who reads the list (and one record); who creates, updates and deletes. */
  access: { read: Access; manage: Access };
  /**
   * The spec's paths, written out since they are irregular (`/v2/priorities` but
   * `/v2/priority/:id`): `one` carries `:id` and serves PUT (or POST) and DELETE, and GET with
   * `summaries.get`; `create` may be several paths taking the same body. The list's path may
   * have parameters of its own (`/v2/core/templates/:kind`: `schemas.listParams`).
   */
  paths: { list: string; create: string | readonly string[]; one: string };
  /** How a record is updated: PUT (default) or POST on `paths.one`. */
  updateMethod?: 'PUT' | 'POST';
  /**
   * The OpenAPI summaries: the list's, one record's (`get`: also serves GET on `paths.one`), and
   * what a record is ('mức độ ưu tiên': 'Tạo …', 'Cập nhật …', 'Xóa …').
   */
  summaries: { list: string; get?: string; record: string };
  schemas: {
    view: z.ZodType<View>;
    body: z.ZodType<Body>;
    /** The list's query string. */
    query?: z.ZodType<Query>;
    /** The parameters of the list's path. */
    listParams?: z.ZodType<ListParams>;
  };
  /** 'list' (default): `{data, total}`; 'array': `{data}` only, as some lists are in the spec. */
  listAnswer?: 'list' | 'array';

  /** The records the caller sees (a page: `{data, total}`). */
  list(ctx: CatalogueContext, query: Query, params: ListParams): Promise<Listed<View>>;
  /** One record the caller sees, or undefined (404). */
  find(ctx: CatalogueContext, id: string): Promise<View | undefined>;
  /** Whether the body's name is taken (by another record than `id`): 422 on `name`. */
  nameTaken?(ctx: CatalogueContext, body: NoInfer<Body>, id: string | null): Promise<boolean>;
  /** Beyond the route's access: 401 (throw `forbidden()`) when the caller may not change this. */
  mayChange?(ctx: CatalogueContext, before: NoInfer<View> | undefined, body?: Body): void;
  /** Stores the body (checking what else it must): the record's id. */
  write(
    ctx: CatalogueContext,
    id: string | null,
    body: Body,
    before?: NoInfer<View>,
  ): Promise<string>;
  remove(ctx: CatalogueContext, id: string): Promise<void>;
  /**
   * Why the record may not be deleted (`inUseError`, or an error of its own), or undefined.
   * Asked before deleting and again when a foreign key refuses the delete.
   */
  inUse?(ctx: CatalogueContext, id: string, before: NoInfer<View>): Promise<AppError | undefined>;
  /** After every change has been audited: e.g. telling the tenant's screens. */
  changed?(ctx: CatalogueContext, entity: CatalogueEntity): void;
}

/** The usual in-use refusal: 422 with the message on `id`. */
export const inUseError = (message: string | null) =>
  message ? new AppError(422, message, [{ param: 'id', message }]) : undefined;

type TableMapping<Table extends rows.CatalogueTable, Body> = (
  ctx: CatalogueContext,
  body: Body,
) => rows.TableValues<Table> | Promise<rows.TableValues<Table>>;

/** A definition's `nameTaken` over a table: unique in the tenant without regard to case. */
export const uniqueName =
  (table: rows.CatalogueTable) =>
  (ctx: CatalogueContext, body: { name: string }, id: string | null) =>
    rows.nameTaken(ctx.db, table, ctx.tenantId, body.name, id);

/**
 * The writing part of a definition over one drizzle table with `id`, `tenant_id`, `name` and
 * `updated_at`: `toValues` turns a body into its columns (checking what else it must); names
 * are unique in the tenant without regard to case.
 */
export function tableWrites<Table extends rows.CatalogueTable, Body extends { name: string }>(
  table: Table,
  toValues: TableMapping<Table, Body>,
): {
  nameTaken(ctx: CatalogueContext, body: Body, id: string | null): Promise<boolean>;
  write(ctx: CatalogueContext, id: string | null, body: Body): Promise<string>;
  remove(ctx: CatalogueContext, id: string): Promise<void>;
} {
  return {
    nameTaken: uniqueName(table),
    write: async (ctx, id, body) => {
      const values = await toValues(ctx, body);
      if (!id) return rows.insertRow(ctx.db, table, ctx.tenantId, values);
      await rows.updateRow(ctx.db, table, ctx.tenantId, id, values);
      return id;
    },
    remove: (ctx, id) => rows.deleteRow(ctx.db, table, ctx.tenantId, id),
  };
}

/**
 * The parts of a catalogue of records each staff member keeps for themselves or shares with the
 * tenant (macros, smart views, saved reports) over its table: what the caller sees (their own
 * and the shared ones, with owners' names), names unique among the shared ones or one owner's,
 * and writes where a record created is the caller's and one moved between shared and personal
 * goes to whoever moves it.
 */
export function personalOrSharedTable<
  Table extends rows.PersonalOrSharedTable,
  Body extends { name: string; shared: boolean },
>(
  table: Table,
  {
    orderBy,
    toValues,
  }: {
    orderBy: SQL[];
    toValues: (
      ctx: CatalogueContext,
      body: Body,
    ) =>
      Omit<rows.TableValues<Table>, 'ownerId'> | Promise<Omit<rows.TableValues<Table>, 'ownerId'>>;
  },
) {
  return {
    visible: (ctx: CatalogueContext, id?: string) =>
      rows.listPersonalOrShared(ctx.db, table, ctx.tenantId, ctx.auth.userId, { id, orderBy }),
    nameTaken: (ctx: CatalogueContext, body: Body, id: string | null) =>
      rows.personalOrSharedNameTaken(
        ctx.db,
        table,
        ctx.tenantId,
        { shared: body.shared, ownerId: ctx.auth.userId },
        body.name,
        id,
      ),
    write: async (
      ctx: CatalogueContext,
      id: string | null,
      body: Body,
      before?: { shared: boolean },
    ) => {
      const values: Record<string, unknown> = { ...(await toValues(ctx, body)) };
      const owner = { ownerId: ctx.auth.userId };
      if (!id)
        return rows.insertRow(ctx.db, table, ctx.tenantId, {
          ...values,
          ...owner,
        } as unknown as rows.TableValues<Table>);
      const moved = before?.shared !== body.shared;
      await rows.updateRow(ctx.db, table, ctx.tenantId, id, {
        ...values,
        ...(moved ? owner : {}),
      } as unknown as Partial<rows.TableValues<Table>>);
      return id;
    },
    remove: (ctx: CatalogueContext, id: string) => rows.deleteRow(ctx.db, table, ctx.tenantId, id),
  };
}

/**
 * The reading part over such a table: the tenant's rows by `position` (when it has one), then
 * name; `toView` maps a row.
 */
export function tableReads<Table extends rows.CatalogueTable, View extends { _id: string }>(
  table: Table,
  toView: (row: Table['$inferSelect']) => View,
): {
  list(ctx: CatalogueContext): Promise<View[]>;
  find(ctx: CatalogueContext, id: string): Promise<View | undefined>;
} {
  return {
    list: async (ctx) => (await rows.listRows(ctx.db, table, ctx.tenantId)).map(toView),
    find: async (ctx, id) => {
      const row = await rows.findRow(ctx.db, table, ctx.tenantId, id);
      return row && toView(row);
    },
  };
}

/** Both parts, for a catalogue that is just its table. */
export const tableCatalogue = <
  Table extends rows.CatalogueTable,
  View extends { _id: string },
  Body extends { name: string },
>(
  table: Table,
  mapping: { toView: (row: Table['$inferSelect']) => View; toValues: TableMapping<Table, Body> },
) => ({ ...tableReads(table, mapping.toView), ...tableWrites(table, mapping.toValues) });

/** The service of a catalogue: what its routes call, and what other code of its module may. */
export interface Catalogue<View extends { _id: string }, Body, Query, ListParams> {
  definition: CatalogueDefinition<View, Body, Query, ListParams>;
  list(
    platform: Platform,
    auth: AuthContext,
    query: Query,
    params: ListParams,
  ): Promise<Listed<View>>;
  get(platform: Platform, auth: AuthContext, id: string): Promise<View>;
  save(platform: Platform, auth: AuthContext, id: string | null, body: Body): Promise<View>;
  remove(platform: Platform, auth: AuthContext, id: string): Promise<void>;
  /** Audits a change made outside `save` (a nested part saved on its own), then `changed`. */
  recordChange(
    platform: Platform,
    auth: AuthContext,
    action: 'create' | 'update' | 'delete',
    id: string,
    before?: View,
    after?: View,
  ): Promise<void>;
}

export function catalogue<
  View extends { _id: string },
  Body,
  Query = Record<string, never>,
  ListParams = Record<string, never>,
>(
  definition: CatalogueDefinition<View, Body, Query, ListParams>,
): Catalogue<View, Body, Query, ListParams> {
  const def = definition;
  const contextOf = (platform: Platform, auth: AuthContext): CatalogueContext => ({
    platform,
    auth,
    db: platform.db,
    tenantId: auth.tenantId,
  });
  const mustFind = async (ctx: CatalogueContext, id: string) => {
    const view = await def.find(ctx, id);
    if (!view) throw notFound(def.messages.notFound);
    return view;
  };
  const nameTakenError = () => fieldError('name', def.messages.nameTaken ?? 'Tên đã tồn tại');
  async function record(
    ctx: CatalogueContext,
    action: 'create' | 'update' | 'delete',
    id: string,
    before?: View,
    after?: View,
  ) {
    await writeAudit(ctx.db, {
      tenantId: ctx.tenantId,
      impersonatorId: ctx.auth.impersonatorId,
      actorId: ctx.auth.userId,
      entityId: id,
      before,
      after,
      ...({ entity: def.entity, action } as AuditSubject),
    });
    def.changed?.(ctx, def.entity);
  }
  return {
    definition,
    list: (platform, auth, query, params) => def.list(contextOf(platform, auth), query, params),
    recordChange: (platform, auth, action, id, before, after) =>
      record(contextOf(platform, auth), action, id, before, after),
    get: (platform, auth, id) => mustFind(contextOf(platform, auth), id),
    async save(platform, auth, id, body) {
      const ctx = contextOf(platform, auth);
      const before = id ? await mustFind(ctx, id) : undefined;
      def.mayChange?.(ctx, before, body);
      if (def.nameTaken && (await def.nameTaken(ctx, body, id))) throw nameTakenError();
      let savedId: string;
      try {
        savedId = await def.write(ctx, id, body, before);
      } catch (error) {
        // Two saves of one name at once: the unique index answers like the check.
        if (isUniqueViolation(error) && def.nameTaken && (await def.nameTaken(ctx, body, id)))
          throw nameTakenError();
        throw error;
      }
      const after = await mustFind(ctx, savedId);
      await record(ctx, id ? 'update' : 'create', savedId, before, after);
      return after;
    },
    async remove(platform, auth, id) {
      const ctx = contextOf(platform, auth);
      const before = await mustFind(ctx, id);
      def.mayChange?.(ctx, before);
      const refuse = async () => {
        const error = await def.inUse?.(ctx, id, before);
        if (error) throw error;
      };
      await refuse();
      try {
        await def.remove(ctx, id);
      } catch (error) {
        // A reference made meanwhile trips the foreign key: the refusal is then the same.
        if (pgErrorCode(error) === '23503') await refuse();
        throw error;
      }
      await record(ctx, 'delete', id, before);
    },
  };
}

/**
 * The routes of a catalogue, as its definition names them: list, (one,) create, update and
 * delete, each declaring its access, schemas and success answer.
 */
export function catalogueRoutes<View extends { _id: string }, Body, Query, ListParams>(
  service: Catalogue<View, Body, Query, ListParams>,
): RouteModule {
  const def = service.definition;
  return (app, platform) => {
    const r = typed(app);
    const tags = [def.tag];
    const read = { access: def.access.read };
    const manage = { access: def.access.manage };
    const params = z.object({ id: z.uuid(def.messages.invalidId ?? def.messages.notFound) });
    const view = def.schemas.view as z.ZodType<View>;
    const body = def.schemas.body as z.ZodType<Body>;
    const listResponse =
      def.listAnswer === 'array' ? answers.ok(z.array(view)) : answers.list(view);

    r.get(
      def.paths.list,
      {
        schema: {
          tags,
          summary: def.summaries.list,
          ...(def.schemas.query ? { querystring: def.schemas.query } : {}),
          ...(def.schemas.listParams ? { params: def.schemas.listParams } : {}),
          response: listResponse,
        },
        config: read,
      },
      async (request) => {
        const found = await service.list(
          platform,
          authOf(request),
          (request.query ?? {}) as Query,
          (request.params ?? {}) as ListParams,
        );
        const page = Array.isArray(found) ? { data: found, total: found.length } : found;
        return def.listAnswer === 'array' ? ok(page.data) : list(page.data, page.total);
      },
    );
    if (def.summaries.get)
      r.get(
        def.paths.one,
        {
          schema: { tags, summary: def.summaries.get, params, response: answers.ok(view) },
          config: read,
        },
        async (request) => ok(await service.get(platform, authOf(request), request.params.id)),
      );
    const creates = typeof def.paths.create === 'string' ? [def.paths.create] : def.paths.create;
    for (const url of creates)
      r.post(
        url,
        {
          schema: {
            tags,
            summary: `Tạo ${def.summaries.record}`,
            body,
            response: answers.created(view),
          },
          config: manage,
        },
        async (request, reply) => {
          reply.status(201);
          return created(
            await service.save(platform, authOf(request), null, request.body as Body),
            def.messages.created,
          );
        },
      );
    r.route({
      method: def.updateMethod ?? 'PUT',
      url: def.paths.one,
      schema: {
        tags,
        summary: `Cập nhật ${def.summaries.record}`,
        params,
        body,
        response: answers.ok(view),
      },
      config: manage,
      handler: async (request) =>
        ok(
          await service.save(platform, authOf(request), request.params.id, request.body as Body),
          def.messages.updated,
        ),
    });
    r.delete(
      def.paths.one,
      {
        schema: {
          tags,
          summary: `Xóa ${def.summaries.record}`,
          params,
          response: answers.ok(noData),
        },
        config: manage,
      },
      async (request) => {
        await service.remove(platform, authOf(request), request.params.id);
        return ok(null, def.messages.deleted);
      },
    );
  };
}
