import type { smartViewBody } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import {
  SMART_VIEW_MESSAGES,
  type SmartView,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { checkCustomFilters } from '@omnicare/shared/fields/custom-filters';
import { can } from '@omnicare/shared/users/permissions';
import type { z } from 'zod';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { listFields } from '../fields/fields.service.js';
import { audit } from '../ticket-config/ticket-config.service.js';
import * as repo from './smart-views.repository.js';

type Listed = Awaited<ReturnType<typeof repo.listVisible>>[number];

/**
 * Personal views are their owner's alone; shared ones are seen by everybody and changed by
 * those holding `smart_view.share` (administrators and team leaders).
 */
const mayChange = (auth: AuthContext, view: Listed['view']) =>
  view.shared ? can(auth.role, 'smart_view.share') : view.ownerId === auth.userId;

const toView =
  (auth: AuthContext) =>
  ({ view, ownerName }: Listed): SmartView => ({
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

export async function listViews(platform: Platform, auth: AuthContext) {
  return (await repo.listVisible(platform.db, auth.tenantId, auth.userId)).map(toView(auth));
}

async function visible(platform: Platform, auth: AuthContext, id: string) {
  const [row] = await repo.listVisible(platform.db, auth.tenantId, auth.userId, id);
  if (!row) throw notFound(SMART_VIEW_MESSAGES.notFound);
  return row;
}

export async function getView(platform: Platform, auth: AuthContext, id: string) {
  return toView(auth)(await visible(platform, auth, id));
}

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

export async function saveView(
  platform: Platform,
  auth: AuthContext,
  id: string | null,
  body: z.output<typeof smartViewBody>,
) {
  const current = id ? await visible(platform, auth, id) : null;
  if (current && !mayChange(auth, current.view)) throw forbidden();
  if (body.shared && !can(auth.role, 'smart_view.share')) throw forbidden();
  // A shared view made personal again goes to whoever does it.
  const ownerId =
    current && current.view.shared === body.shared ? current.view.ownerId : auth.userId;
  if (
    await repo.nameTaken(
      platform.db,
      auth.tenantId,
      { shared: body.shared, ownerId },
      body.name,
      id ?? undefined,
    )
  )
    throw fieldError('name', SMART_VIEW_MESSAGES.nameTaken);
  const values = {
    name: body.name,
    shared: body.shared,
    ownerId,
    filters: await checkedFilters(platform, auth, body.filters),
    columns: body.columns,
    sort: body.sort,
  };
  let savedId = id;
  if (id) await repo.updateView(platform.db, auth.tenantId, id, values);
  else savedId = (await repo.insertView(platform.db, { tenantId: auth.tenantId, ...values })).id;
  const after = await getView(platform, auth, savedId as string);
  await audit(
    platform,
    auth,
    { entity: 'smart_view', action: id ? 'update' : 'create' },
    after._id,
    current ? toView(auth)(current) : undefined,
    after,
  );
  return after;
}

export async function deleteView(platform: Platform, auth: AuthContext, id: string) {
  const current = await visible(platform, auth, id);
  if (!mayChange(auth, current.view)) throw forbidden();
  await repo.deleteView(platform.db, auth.tenantId, id);
  await audit(
    platform,
    auth,
    { entity: 'smart_view', action: 'delete' },
    id,
    toView(auth)(current),
  );
}
