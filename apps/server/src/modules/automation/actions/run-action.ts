import type { WorkflowBlockData } from '@omnicare/shared/automation/workflow-blocks';
import { WORKFLOW_RUN_MESSAGES as M } from '@omnicare/shared/automation/workflow-run-messages';
import { maskHeaderValues, maskUrlSecrets } from '@omnicare/shared/automation/workflow-secrets';
import {
  renderTemplate,
  znsParamName,
  type PlaceholderKey,
  type PlaceholderValues,
} from '@omnicare/shared/templates/placeholders';
import { formatDate } from '@omnicare/shared/platform/time';
import { znsSentText } from '@omnicare/shared/channels/channels.schemas';
import { formatTicketCode } from '@omnicare/shared/tickets/ticket-enums';
import { ticketBody, type TicketUpdateBody } from '@omnicare/shared/tickets/tickets.schemas';
import type { Platform } from '../../../platform/context.js';
import { createTicket } from '../../tickets/ticket-create.js';
import { updateTicketAsSystem } from '../../tickets/ticket-changes.js';
import { systemAuth } from '../../tickets/ticket-writes.js';
import { notify } from '../../notifications/notifications.service.js';
import * as repo from './actions.repository.js';
import type { TicketFacts } from './ticket-facts.js';
import { safeRequest } from '../../../platform/safe-http.js';
import { sendThroughChannel } from '../../channels/channels.service.js';
import { writeBotMessage } from '../../tickets/ticket-comments.service.js';

/** What an action knows of its run. */
export interface ActionContext {
  platform: Platform;
  tenantId: string;
  runId: string;
  nodeId: string;
  /** The run's depth: the events its ticket changes write carry `depth + 1`. */
  depth: number;
  /** The starting event of the run's chain: the events its ticket changes write carry it on. */
  originEventId: number;
  /** Named in the activity log of the tickets it changes ('Tự động hóa: {name}'). */
  workflowName: string;
  facts: TicketFacts;
}

type Ticket = Record<string, unknown>;
const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** Today in Bangkok, formatted once a minute rather than once per action (time zones cost). */
let today = { minute: -1, text: '' };
function todayText(): string {
  const minute = Math.floor(Date.now() / 60_000);
  if (today.minute !== minute) today = { minute, text: formatDate(new Date()) };
  return today.text;
}

/** The placeholder values of the run's ticket (message templates' and webhook's). */
export async function placeholderValues(ctx: ActionContext): Promise<PlaceholderValues> {
  const { ticket, requester } = ctx.facts;
  const assigneeId = str(ticket.assignee_id);
  const [agent] = assigneeId
    ? await repo.staffByIds(ctx.platform.database, ctx.tenantId, [assigneeId])
    : [];
  return {
    'customer.name': str(requester?.name) ?? '',
    'customer.phone': ctx.facts.requesterPhones[0] ?? '',
    'customer.email': ctx.facts.requesterEmails[0] ?? '',
    'agent.name': agent?.name ?? '',
    'agent.email': agent?.email ?? '',
    'ticket.code': formatTicketCode(Number(ticket.number)),
    'ticket.subject': str(ticket.subject) ?? '',
    'tenant.name': ctx.facts.tenantName,
    'date.today': todayText(),
  };
}

function assigneeOf(
  choice: WorkflowBlockData['update_ticket']['assignee'],
  ticket: Ticket,
): string | null | undefined {
  if (!choice) return undefined;
  if (choice.option === 'other_agent') return choice.user_id ?? null;
  if (choice.option === 'requester') {
    const creator = str(ticket.created_by);
    if (!creator) throw new Error(M.requesterNotStaff);
    return creator;
  }
  const assignee = str(ticket.assignee_id);
  if (!assignee) throw new Error(M.assigneeMissing);
  return assignee;
}

const eventPayload = (ctx: ActionContext) => ({
  eventPayload: {
    workflow_depth: ctx.depth + 1,
    workflow_run_id: ctx.runId,
    workflow_origin: ctx.originEventId,
  },
  via: { kind: 'workflow' as const, name: ctx.workflowName },
});

async function updateTicketAction(ctx: ActionContext, data: WorkflowBlockData['update_ticket']) {
  const { ticket, tagIds } = ctx.facts;
  const changes: TicketUpdateBody = {};
  if (data.status) changes.status = data.status;
  if (data.priority_id) changes.priority_id = data.priority_id;
  if (data.type_id) changes.type_id = data.type_id;
  if (data.service_id) changes.service_id = data.service_id;
  if (data.group_id) changes.group_id = data.group_id;
  const assignee = assigneeOf(data.assignee, ticket);
  if (assignee !== undefined) changes.assignee_id = assignee;
  if (data.add_tag_ids.length || data.remove_tag_ids.length) {
    const removed = new Set(data.remove_tag_ids);
    changes.tag_ids = [...new Set([...tagIds, ...data.add_tag_ids])].filter(
      (id) => !removed.has(id),
    );
  }
  if (Object.keys(data.custom).length)
    changes.custom = { ...(ticket.custom as Record<string, unknown>), ...data.custom };
  const after = await updateTicketAsSystem(
    ctx.platform,
    ctx.tenantId,
    String(ticket.id),
    changes,
    eventPayload(ctx),
  );
  return { ticket_id: after._id, code: after.code, changed: Object.keys(changes) };
}

async function createTicketAction(ctx: ActionContext, data: WorkflowBlockData['create_ticket']) {
  const values = await placeholderValues(ctx);
  const { ticket } = ctx.facts;
  const body = ticketBody.parse({
    subject: renderTemplate(data.subject, values, 'blank'),
    description: renderTemplate(data.description, values, 'blank'),
    requester_id: str(ticket.requester_id),
    status: data.status,
    priority_id: data.priority_id ?? null,
    type_id: data.type_id ?? null,
    service_id: data.service_id ?? null,
    group_id: data.group_id ?? null,
    assignee_id: assigneeOf(data.assignee, ticket) ?? null,
    tag_ids: data.tag_ids,
    source: 'hand',
  });
  const created = await createTicket(
    ctx.platform,
    systemAuth(ctx.tenantId),
    body,
    eventPayload(ctx),
  );
  return { ticket_id: created._id, code: created.code };
}

async function template(ctx: ActionContext, id: string, kind: string) {
  const row = await repo.messageTemplate(ctx.platform.database, ctx.tenantId, id);
  if (!row || !row.active) throw new Error(M.templateMissing);
  if (row.kind !== kind) throw new Error(M.templateKind(kind));
  return row;
}

async function sendEmailAction(ctx: ActionContext, data: WorkflowBlockData['send_email']) {
  const row = data.template_id ? await template(ctx, data.template_id, 'email') : null;
  const { ticket, followerIds } = ctx.facts;
  const addresses = new Set<string>();
  const add = (email: string | undefined) => {
    if (email) addresses.add(email.toLowerCase());
  };
  const db = ctx.platform.database;
  if (data.recipients.includes('requester')) add(ctx.facts.requesterEmails[0]);
  const assigneeId = str(ticket.assignee_id);
  if (data.recipients.includes('assignee') && assigneeId)
    for (const user of await repo.staffByIds(db, ctx.tenantId, [assigneeId])) add(user.email);
  if (data.recipients.includes('cc'))
    for (const email of (ticket.cc as string[] | undefined) ?? []) add(email);
  if (data.recipients.includes('followers'))
    for (const user of await repo.staffByIds(db, ctx.tenantId, followerIds)) add(user.email);
  if (data.recipients.includes('group'))
    for (const user of await repo.staffWhere(db, ctx.tenantId, { memberOf: data.group_ids }))
      add(user.email);
  if (data.recipients.includes('other')) for (const email of data.emails) add(email);
  if (addresses.size === 0) throw new Error(M.noRecipients);
  const values = await placeholderValues(ctx);
  const subject =
    renderTemplate(row ? (row.subject ?? '') : data.subject, values, 'blank') ||
    values['ticket.subject'] ||
    '';
  const text = renderTemplate(row ? row.content : data.body, values, 'blank');
  // One mail per address, so nobody sees the others'.
  for (const to of addresses) await ctx.platform.mailer.send({ to, subject, text });
  return { to: [...addresses], subject };
}

async function sendSmsAction(ctx: ActionContext, data: WorkflowBlockData['send_sms']) {
  const row = await template(ctx, data.template_id, 'sms');
  const phone = ctx.facts.requesterPhones[0];
  if (!phone) throw new Error(M.noPhone);
  const content = renderTemplate(row.content, await placeholderValues(ctx), 'blank');
  return sendThroughChannel(ctx.platform, ctx.tenantId, 'sms', {
    phone,
    content,
    requestId: `${ctx.runId}:${ctx.nodeId}`,
  });
}

async function sendZnsAction(ctx: ActionContext, data: WorkflowBlockData['send_zns']) {
  const row = await template(ctx, data.template_id, 'zns');
  const phone = ctx.facts.requesterPhones[0];
  if (!phone) throw new Error(M.noPhone);
  const values = await placeholderValues(ctx);
  // A ZNS template's parameters: every placeholder, by its parameter name.
  const data_ = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      znsParamName(key as PlaceholderKey),
      value ?? '',
    ]),
  );
  const trackingId = `${ctx.runId}:${ctx.nodeId}`;
  const sent = await sendThroughChannel(ctx.platform, ctx.tenantId, 'zns', {
    phone,
    templateId: row.zns_template_id ?? '',
    data: data_,
    trackingId,
  });
  // The notification in the ticket's conversation, moved to delivered by Zalo's receipt.
  await writeBotMessage(ctx.platform, ctx.tenantId, String(ctx.facts.ticket.id), {
    body: znsSentText(row.name, phone),
    channelId: sent.channel_id,
    providerMessageId: sent.msg_id,
    kind: 'template',
    content: {
      template: { name: row.name, zns_template_id: row.zns_template_id, data: data_ },
      tracking_id: trackingId,
    },
  });
  return sent;
}

async function pushAction(ctx: ActionContext, data: WorkflowBlockData['push_notification']) {
  const { ticket, followerIds } = ctx.facts;
  const db = ctx.platform.database;
  const ids = new Set<string>();
  const assignee = str(ticket.assignee_id);
  if (data.recipients.includes('assigned_agent') && assignee) ids.add(assignee);
  if (data.recipients.includes('follower')) for (const id of followerIds) ids.add(id);
  const roles = [
    ...(data.recipients.includes('admin') ? ['administrator'] : []),
    ...(data.recipients.includes('supervisor') ? ['supervisor'] : []),
  ];
  const groupId = str(ticket.group_id);
  const picked = await repo.staffWhere(db, ctx.tenantId, {
    roles,
    leadersOf: data.recipients.includes('leader') && groupId ? [groupId] : [],
    emails: data.recipients.includes('cc') ? ((ticket.cc as string[] | undefined) ?? []) : [],
  });
  for (const user of picked) ids.add(user.id);
  if (ids.size === 0) throw new Error(M.noRecipients);
  const values = await placeholderValues(ctx);
  await notify(ctx.platform, {
    tenantId: ctx.tenantId,
    userIds: [...ids],
    kind: 'workflow',
    title: renderTemplate(data.title, values, 'blank'),
    body: renderTemplate(data.body, values, 'blank'),
    link: `/tickets/${String(ticket.id)}`,
  });
  return { user_ids: [...ids] };
}

async function webhookAction(ctx: ActionContext, data: WorkflowBlockData['webhook']) {
  const values = await placeholderValues(ctx);
  const fill = (text: string) => renderTemplate(text, values, 'blank');
  const headers: Record<string, string> = {
    'user-agent': 'OmniCare-Automation',
    ...(data.body ? { 'content-type': 'application/json' } : {}),
    ...Object.fromEntries(Object.entries(data.headers).map(([name, value]) => [name, fill(value)])),
    'idempotency-key': `${ctx.runId}:${ctx.nodeId}`,
  };
  const url = fill(data.url);
  // The trace shows the call with its secrets masked, as the workflow's answers do.
  const request = {
    method: data.method,
    url: maskUrlSecrets(url),
    headers: maskHeaderValues(headers),
  };
  let answer;
  try {
    answer = await safeRequest({
      method: data.method,
      url,
      headers,
      body: data.body ? fill(data.body) : undefined,
      timeoutMs: data.timeout_ms,
      allowPrivate: ctx.facts.allowPrivateWebhooks,
    });
  } catch (error) {
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
      output: { request },
    });
  }
  const output = {
    request,
    response: {
      status: answer.status,
      headers: maskHeaderValues(answer.headers),
      body: answer.body,
      truncated: answer.truncated,
    },
  };
  if (answer.status < 200 || answer.status >= 300)
    throw Object.assign(new Error(M.webhookStatus(answer.status)), { output });
  return output;
}

/** Performs one action block; its answer is the step's output, a throw fails the try. */
export async function runAction(
  ctx: ActionContext,
  type: string,
  data: Record<string, unknown>,
): Promise<unknown> {
  switch (type) {
    case 'update_ticket':
      return updateTicketAction(ctx, data as WorkflowBlockData['update_ticket']);
    case 'create_ticket':
      return createTicketAction(ctx, data as WorkflowBlockData['create_ticket']);
    case 'send_email':
      return sendEmailAction(ctx, data as WorkflowBlockData['send_email']);
    case 'send_sms':
      return sendSmsAction(ctx, data as WorkflowBlockData['send_sms']);
    case 'send_zns':
      return sendZnsAction(ctx, data as WorkflowBlockData['send_zns']);
    case 'push_notification':
      return pushAction(ctx, data as WorkflowBlockData['push_notification']);
    case 'webhook':
      return webhookAction(ctx, data as WorkflowBlockData['webhook']);
    default:
      throw new Error(M.blockUnsupported(type));
  }
}
