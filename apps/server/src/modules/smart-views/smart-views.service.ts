import {
  SMART_VIEW_MESSAGES,
  smartViewBody,
  smartViewView,
  type SmartView,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { checkCustomFilters } from '@omnicare/shared/fields/custom-filters';
import { can } from '@omnicare/shared/users/permissions';
import type { z } from 'zod';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { asc } from 'drizzle-orm';
import { catalogue, personalOrSharedTable } from '../../platform/catalogue.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { listFields } from '../fields/fields.service.js';
import { ticketSettingsChanged } from '../ticket-config/ticket-config.service.js';
import { vietnameseOrder } from '../../platform/sql.js';
import { ticketSmartViews } from '../../db/schema/ticket-settings.js';

type Listed = Awaited<ReturnType<typeof records.visible>>[number];

/**
 * Personal views are their owner's alone; shared ones are seen by everybody and changed by
 * those holding `smart_view.share` (administrators and team leaders).
 */
const mayChange = (auth: AuthContext, view: Listed['row']) =>
  view.shared ? can(auth.role, 'smart_view.share') : view.ownerId === auth.userId;

const toView =
  (auth: AuthContext) =>
  ({ row: view, ownerName }: Listed): SmartView => ({
    _id: view.id,
    name: view.name,
    filters: view.filters as SmartView['filters'],
    columns: view.columns as SmartView['columns'],
    sort: view.sort as SmartView['sort'],
    shared: view.shared,
    owner: ownerName === null ? null : { _id: view.ownerId, name: ownerName },
    editable: mayChange(auth, view),
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
  });

/**
 * A view's filters as kept: its custom field filters checked against the tenant's ticket fields
 * now (422 on `filters.custom.<key>`) and cleaned as the list asks for them; empty ones dropped.
 */
async function checkedFilters(
  platform: Platform,
  auth: AuthContext,
  filters: z.output<typeof smartViewBody>['filters'],
) {
  const { custom, ...others } = filters;
  if (!custom || Object.keys(custom).length === 0) return others;
  const checked = checkCustomFilters(
    await listFields(platform, auth.tenantId, 'ticket'),
    custom,
    'filters.custom',
  );
  if (checked.problems.length > 0)
    throw new AppError(422, checked.problems[0]?.message, checked.problems);
  return Object.keys(checked.values).length > 0 ? { ...others, custom: checked.values } : others;
}

const records = personalOrSharedTable(ticketSmartViews, {
  orderBy: [asc(ticketSmartViews.shared), vietnameseOrder(ticketSmartViews.name)],
  toValues: async (ctx, body: z.infer<typeof smartViewBody>) => ({
    name: body.name,
    shared: body.shared,
    filters: await checkedFilters(ctx.platform, ctx.auth, body.filters),
    columns: body.columns,
    sort: body.sort,
  }),
});

/** Personal views and the tenant's shared ones, as a catalogue (platform/catalogue.ts). */
export const smartViews = catalogue({
  tag: 'smart-views',
  entity: 'smart_view',
  messages: SMART_VIEW_MESSAGES,
  // Every staff member keeps personal views; `mayChange` says who may share or change one.
  access: { read: 'authenticated', manage: 'authenticated' },
  paths: { list: '/v2/smart-view', create: '/v2/smart-view', one: '/v2/smart-view/:id' },
  updateMethod: 'POST',
  summaries: {
    list: 'View ticket: của tôi và dùng chung',
    get: 'Một view',
    record: 'view',
  },
  schemas: { view: smartViewView, body: smartViewBody },
  list: async (ctx) => (await records.visible(ctx)).map(toView(ctx.auth)),
  find: async (ctx, id) => {
    const [row] = await records.visible(ctx, id);
    return row && toView(ctx.auth)(row);
  },
  mayChange: (ctx, before, body) => {
    if (before && !before.editable) throw forbidden();
    if (body?.shared && !can(ctx.auth.role, 'smart_view.share')) throw forbidden();
  },
  // Among the shared views, or among the caller's personal ones (a personal view they see is theirs).
  nameTaken: records.nameTaken,
  write: records.write,
  remove: records.remove,
  changed: ticketSettingsChanged,
});

/** One view the caller sees (the ticket list opens it), 404 otherwise. */
export const getView = (platform: Platform, auth: AuthContext, id: string) =>
  smartViews.get(platform, auth, id);
