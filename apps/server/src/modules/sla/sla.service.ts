import type { BusinessSchedule } from '@omnicare/shared/sla/business-time';
import {
  SLA_MESSAGES,
  slaPolicyBody,
  slaPolicyView,
  type SlaOrderBody,
  type SlaPolicy,
} from '@omnicare/shared/sla/sla.schemas';
import type { z } from 'zod';
import { catalogue, uniqueName } from '../../platform/catalogue.js';
import type { Database } from '../../platform/db.js';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import type { TenantMemo } from '../../platform/tenant-memo.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { ticketPriorities, ticketTypes } from '../../db/schema/ticket-config.js';
import { slaPolicies as slaPoliciesTable } from '../../db/schema/ticket-settings.js';
import { SETTINGS_ACCESS, ticketSettingsChanged } from '../ticket-config/ticket-config.service.js';
import { loadBusinessSchedule } from '../working-time/working-time.service.js';
import * as repo from './sla.repository.js';

type Listed = Awaited<ReturnType<typeof repo.listPolicies>>[number];

const toPolicy = ({ policy, scheduleName, targets }: Listed): SlaPolicy => ({
  _id: policy.id,
  name: policy.name,
  description: policy.description,
  schedule_id: policy.scheduleId,
  schedule_name: scheduleName,
  order: policy.position,
  targets: targets.map(({ target, priorityName, typeName }) => ({
    priority_id: target.priorityId,
    priority_name: priorityName,
    type_id: target.typeId,
    type_name: typeName,
    first_response_minutes: target.firstResponseMinutes,
    resolution_minutes: target.resolutionMinutes,
  })),
  created_at: policy.createdAt.toISOString(),
  updated_at: policy.updatedAt.toISOString(),
});

/** Every reference must be the tenant's; the first wrong one is named by its path. */
async function checkRefs(db: Database, tenantId: string, body: z.output<typeof slaPolicyBody>) {
  if (body.schedule_id && !(await repo.scheduleExists(db, tenantId, body.schedule_id)))
    throw fieldError('schedule_id', SLA_MESSAGES.scheduleMissing);
  const priorities = await repo.existingIds(
    db,
    ticketPriorities,
    tenantId,
    body.targets.map((target) => target.priority_id),
  );
  const types = await repo.existingIds(
    db,
    ticketTypes,
    tenantId,
    body.targets.flatMap((target) => (target.type_id ? [target.type_id] : [])),
  );
  const problems = body.targets.flatMap((target, index) => [
    ...(priorities.has(target.priority_id)
      ? []
      : [{ param: `targets.${index}.priority_id`, message: SLA_MESSAGES.priorityMissing }]),
    ...(target.type_id === null || types.has(target.type_id)
      ? []
      : [{ param: `targets.${index}.type_id`, message: SLA_MESSAGES.typeMissing }]),
  ]);
  if (problems.length > 0) throw new AppError(422, problems[0]?.message, problems);
}

/** SLA policies, as a catalogue (platform/catalogue.ts); their targets are nested. */
export const slaPolicies = catalogue({
  tag: 'sla',
  entity: 'sla_policy',
  messages: SLA_MESSAGES,
  access: SETTINGS_ACCESS,
  paths: { list: '/v2/sla-policies', create: '/v2/sla-policies', one: '/v2/sla-policies/:id' },
  summaries: {
    list: 'Chính sách SLA (theo thứ tự áp dụng)',
    record: 'chính sách SLA',
  },
  schemas: { view: slaPolicyView, body: slaPolicyBody },
  list: async (ctx) => (await repo.listPolicies(ctx.db, ctx.tenantId)).map(toPolicy),
  find: async (ctx, id) => {
    const [row] = await repo.listPolicies(ctx.db, ctx.tenantId, id);
    return row && toPolicy(row);
  },
  nameTaken: uniqueName(slaPoliciesTable),
  write: async (ctx, id, body) => {
    await checkRefs(ctx.db, ctx.tenantId, body);
    return ctx.db.transaction((tx) =>
      repo.savePolicy(
        tx,
        ctx.tenantId,
        id,
        {
          name: body.name,
          description: body.description,
          scheduleId: body.schedule_id,
          position: body.order,
        },
        body.targets.map((target) => ({
          priorityId: target.priority_id,
          typeId: target.type_id,
          firstResponseMinutes: target.first_response_minutes,
          resolutionMinutes: target.resolution_minutes,
        })),
      ),
    );
  },
  remove: (ctx, id) => repo.deletePolicy(ctx.db, ctx.tenantId, id),
  changed: ticketSettingsChanged,
});

/**
 * PUT /v2/sla-policies/order: the tenant's policies tried in this order from now on (each
 * policy's `order` its place, from 1). `ids` must name each policy once: 422 on `ids`
 * otherwise. Each policy whose place changed is audited as an update.
 */
export async function reorderPolicies(
  platform: Platform,
  auth: AuthContext,
  body: SlaOrderBody,
): Promise<SlaPolicy[]> {
  const before = (await repo.listPolicies(platform.db, auth.tenantId)).map(toPolicy);
  await platform.db.transaction(async (tx) => {
    const current = await repo.lockPolicyIds(tx, auth.tenantId);
    const known = new Set(current);
    if (current.length !== body.ids.length || body.ids.some((id) => !known.has(id)))
      throw fieldError('ids', SLA_MESSAGES.orderMismatch);
    await repo.setPositions(tx, auth.tenantId, body.ids);
  });
  const after = (await repo.listPolicies(platform.db, auth.tenantId)).map(toPolicy);
  for (const policy of after) {
    const was = before.find((one) => one._id === policy._id);
    if (was && was.order !== policy.order)
      await slaPolicies.recordChange(platform, auth, 'update', policy._id, was, policy);
  }
  return after;
}

export interface ResolvedSla {
  policy_id: string;
  policy_name: string;
  first_response_minutes: number;
  resolution_minutes: number;
  /** The business hours to count in; null: calendar time. */
  schedule: BusinessSchedule | null;
}

/**
 * The SLA a ticket of this priority and type falls under (for the ticket core): policies are
 * tried by their order; inside one, a target for the priority and the type wins over one for
 * the priority and every type; the first policy with either answers. Null: no target applies
 * (also for a ticket without priority).
 */
export async function resolveSlaPolicy(
  db: Database,
  tenantId: string,
  ticket: { priority_id: string | null; type_id: string | null },
  /** Remembers the tenant's policies and schedules until they change (the 'sla' topic). */
  memo?: TenantMemo,
): Promise<ResolvedSla | null> {
  if (!ticket.priority_id) return null;
  const recall = <T>(key: string, load: () => Promise<T>) =>
    memo ? memo.remember('sla', tenantId, key, load) : load();
  const policies = await recall('policies', () => repo.listPolicies(db, tenantId));
  for (const { policy, targets } of policies) {
    const ofPriority = targets
      .map(({ target }) => target)
      .filter((target) => target.priorityId === ticket.priority_id);
    const target =
      (ticket.type_id && ofPriority.find((one) => one.typeId === ticket.type_id)) ||
      ofPriority.find((one) => one.typeId === null);
    if (target)
      return {
        policy_id: policy.id,
        policy_name: policy.name,
        first_response_minutes: target.firstResponseMinutes,
        resolution_minutes: target.resolutionMinutes,
        schedule: await recall(`schedule:${policy.scheduleId ?? 'default'}`, () =>
          loadBusinessSchedule(db, tenantId, policy.scheduleId),
        ),
      };
  }
  return null;
}
