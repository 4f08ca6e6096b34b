import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { WorkflowSteps } from '@omnicare/shared/automation/workflow-blocks';
import { WORKFLOW_RUN_MESSAGES } from '@omnicare/shared/automation/workflow-run-messages';
import type { Transaction } from '../../platform/db.js';
import { workflowRuns, workflowRunSteps, workflows } from '../schema/automation.js';
import { ticketPriorities } from '../schema/ticket-config.js';
import { tickets } from '../schema/tickets.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const position = (x: number, y: number) => ({ x, y });

/** Tickets of VIP customers go to the care department at high priority; the others just end. */
export function vipWorkflowSteps(ids: { departmentId: string; priorityId: string }): WorkflowSteps {
  return {
    trigger: {
      target: 'tickets',
      event: 'ticket_created',
      title: 'Ticket mới được tạo',
      conditions: { logic: 'and', items: [] },
    },
    nodes: [
      { id: 'start', type: 'start', name: 'Bắt đầu', data: {}, position: position(240, 0) },
      {
        id: 'is_vip',
        type: 'branch',
        name: 'Khách hàng VIP?',
        data: {
          conditions: {
            logic: 'or',
            items: [{ field: 'requester.tier', operator: 'some', value: [2, 3] }],
          },
        },
        position: position(240, 120),
      },
      {
        id: 'assign_care',
        type: 'update_ticket',
        name: 'Chuyển bộ phận CSKH, ưu tiên cao',
        data: { group_id: ids.departmentId, priority_id: ids.priorityId, retries: 3 },
        position: position(80, 260),
      },
      { id: 'end_vip', type: 'end', name: 'Kết thúc', data: {}, position: position(80, 400) },
      { id: 'end_other', type: 'end', name: 'Kết thúc', data: {}, position: position(400, 260) },
    ],
    edges: [
      { source: 'start', target: 'is_vip' },
      { source: 'is_vip', target: 'assign_care', branch: 'yes' },
      { source: 'is_vip', target: 'end_other', branch: 'no' },
      { source: 'assign_care', target: 'end_vip' },
    ],
  };
}

/** Two days after a ticket goes pending, its assignee is reminded. */
const REMINDER_STEPS: WorkflowSteps = {
  trigger: {
    target: 'tickets',
    event: 'ticket_updated',
    title: 'Ticket chuyển sang chờ phản hồi',
    conditions: {
      logic: 'and',
      items: [
        { field: 'changed_fields', operator: 'some', value: ['status'] },
        { field: 'ticket.status', operator: 'eq', value: 'pending' },
      ],
    },
  },
  nodes: [
    { id: 'start', type: 'start', name: 'Bắt đầu', data: {}, position: position(200, 0) },
    {
      id: 'wait',
      type: 'delay',
      name: 'Chờ 2 ngày',
      data: { amount: 2, unit: 'days' },
      position: position(200, 120),
    },
    {
      id: 'remind',
      type: 'push_notification',
      name: 'Nhắc chuyên viên',
      data: {
        recipients: ['assigned_agent'],
        title: 'Ticket {{ticket.code}} chờ khách phản hồi đã 2 ngày',
        body: 'Vui lòng liên hệ lại khách hàng {{customer.name}}.',
        retries: 3,
      },
      position: position(200, 240),
    },
    {
      id: 'email_customer',
      type: 'send_email',
      name: 'Nhắc khách hàng qua email',
      data: {
        recipients: ['requester'],
        subject: '[{{ticket.code}}] Chúng tôi đang chờ phản hồi của anh/chị',
        body: 'Kính gửi anh/chị {{customer.name}},\n\nYêu cầu {{ticket.code}} "{{ticket.subject}}" đang chờ thông tin từ anh/chị. Anh/chị vui lòng trả lời email này để {{tenant.name}} tiếp tục hỗ trợ.\n\nTrân trọng,\n{{agent.name}}',
        group_ids: [],
        emails: [],
        retries: 3,
      },
      position: position(200, 360),
    },
    { id: 'end', type: 'end', name: 'Kết thúc', data: {}, position: position(200, 480) },
  ],
  edges: [
    { source: 'start', target: 'wait' },
    { source: 'wait', target: 'remind' },
    { source: 'remind', target: 'email_customer' },
    { source: 'email_customer', target: 'end' },
  ],
};

/** A draft left half done: its webhook has no address yet. */
const DRAFT_STEPS: WorkflowSteps = {
  trigger: {
    target: 'tickets',
    event: 'ticket_updated',
    title: 'Ticket được giải quyết',
    conditions: {
      logic: 'and',
      items: [{ field: 'ticket.status', operator: 'eq', value: 'solved' }],
    },
  },
  nodes: [
    { id: 'start', type: 'start', name: 'Bắt đầu', data: {}, position: position(200, 0) },
    {
      id: 'survey',
      type: 'webhook',
      name: 'Gửi khảo sát hài lòng',
      data: { method: 'POST' },
      position: position(200, 140),
    },
  ],
  edges: [{ source: 'start', target: 'survey' }],
};

type Step = Omit<typeof workflowRunSteps.$inferInsert, 'runId' | 'tenantId'>;

/**
 * Three sample workflows (active, inactive, draft) and finished runs of the first two over the
 * newest sample tickets, so the automation list and history show something real. Sample runs
 * carry negative event ids: real domain events never collide with them.
 */
export async function seedDemoWorkflows(
  tx: Transaction,
  tenantId: string,
  {
    adminId,
    supervisorId,
    departmentId,
  }: { adminId: string; supervisorId: string; departmentId: string },
) {
  const priorities = await tx
    .select({ id: ticketPriorities.id })
    .from(ticketPriorities)
    .where(eq(ticketPriorities.tenantId, tenantId))
    .orderBy(asc(ticketPriorities.position));
  const high = priorities[2] ?? priorities.at(-1);
  if (!high) return;
  const now = Date.now();
  const inserted = await tx
    .insert(workflows)
    .values([
      {
        tenantId,
        name: 'Tự động gán ticket VIP',
        description: 'Ticket của khách hàng hạng Vàng, Kim cương chuyển ngay cho bộ phận CSKH.',
        status: 'active',
        triggerEvent: 'ticket_created',
        steps: vipWorkflowSteps({ departmentId, priorityId: high.id }),
        createdBy: adminId,
        updatedBy: adminId,
        createdAt: new Date(now - 20 * DAY),
        updatedAt: new Date(now - 2 * DAY),
      },
      {
        tenantId,
        name: 'Nhắc ticket chờ khách phản hồi',
        status: 'inactive',
        triggerEvent: 'ticket_updated',
        steps: REMINDER_STEPS,
        createdBy: supervisorId,
        updatedBy: adminId,
        createdAt: new Date(now - 15 * DAY),
        updatedAt: new Date(now - 3 * DAY),
      },
      {
        tenantId,
        name: 'Khảo sát hài lòng sau khi giải quyết',
        status: 'draft',
        triggerEvent: 'ticket_updated',
        steps: DRAFT_STEPS,
        createdBy: supervisorId,
        updatedBy: supervisorId,
        createdAt: new Date(now - 1 * DAY),
        updatedAt: new Date(now - 1 * DAY),
      },
    ])
    .returning({ id: workflows.id });
  const [vip, reminder] = inserted;
  if (!vip || !reminder) return;

  const recent = await tx
    .select({
      id: tickets.id,
      createdAt: tickets.createdAt,
      email: sql<
        string | null
      >`(select e.email from customer_emails e where e.customer_id = ${tickets.requesterId} order by e.is_primary desc limit 1)`,
    })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), isNotNull(tickets.requesterId)))
    .orderBy(desc(tickets.createdAt))
    .limit(14);

  let eventId = 0;
  const run = async (
    workflowId: string,
    ticket: { id: string; createdAt: Date },
    status: 'completed' | 'failed' | 'cancel',
    steps: (start: number) => Step[],
    error: string | null = null,
    startAt = ticket.createdAt.getTime() + 2_000,
  ) => {
    const start = Math.min(startAt, now - MINUTE);
    const trace = steps(start);
    const finished = trace.at(-1)?.finishedAt ?? new Date(start);
    const [row] = await tx
      .insert(workflowRuns)
      .values({
        tenantId,
        workflowId,
        workflowVersion: 1,
        eventId: --eventId,
        ticketId: ticket.id,
        status,
        error,
        startTime: new Date(start),
        finishedAt: finished,
        updatedAt: finished,
      })
      .returning({ id: workflowRuns.id });
    if (row)
      await tx
        .insert(workflowRunSteps)
        .values(trace.map((step) => ({ ...step, runId: row.id, tenantId })));
  };
  const step = (
    seq: number,
    nodeId: string,
    stepName: string,
    type: string,
    at: number,
    ms: number,
    extra: Partial<Step> = {},
  ): Step => ({
    seq,
    nodeId,
    stepName,
    type,
    status: 'completed',
    attempt: 1,
    startedAt: new Date(at),
    finishedAt: new Date(at + ms),
    ...extra,
  });

  for (const [index, ticket] of recent.slice(0, 10).entries()) {
    const vipTicket = index % 3 === 0;
    const failed = index === 4;
    await run(
      vip.id,
      ticket,
      failed ? 'failed' : 'completed',
      (at) => [
        step(1, 'start', 'Bắt đầu', 'start', at, 3),
        step(2, 'is_vip', 'Khách hàng VIP?', 'branch', at + 3, 5, {
          input: { 'requester.tier': vipTicket || failed ? 3 : 0 },
          output: { branch: vipTicket || failed ? 'yes' : 'no' },
        }),
        ...(vipTicket || failed
          ? [
              step(
                3,
                'assign_care',
                'Chuyển bộ phận CSKH, ưu tiên cao',
                'update_ticket',
                at + 8,
                failed ? 7_400 : 42,
                {
                  status: failed ? 'failed' : 'completed',
                  attempt: failed ? 3 : 1,
                  input: { group_id: departmentId, priority_id: high.id },
                  output: failed ? null : { changed: ['group_id', 'priority_id'] },
                  error: failed ? 'Ticket đã đóng, không thể cập nhật' : null,
                },
              ),
              ...(failed ? [] : [step(4, 'end_vip', 'Kết thúc', 'end', at + 50, 1)]),
            ]
          : [step(3, 'end_other', 'Kết thúc', 'end', at + 8, 1)]),
      ],
      failed ? 'Ticket đã đóng, không thể cập nhật' : null,
    );
  }
  for (const [index, ticket] of recent.slice(10, 14).entries()) {
    const cancelled = index === 3;
    await run(
      reminder.id,
      ticket,
      cancelled ? 'cancel' : 'completed',
      (at) => [
        step(1, 'start', 'Bắt đầu', 'start', at, 2),
        step(2, 'wait', 'Chờ 2 ngày', 'delay', at + 2, cancelled ? 20 * MINUTE : 2 * DAY, {
          status: cancelled ? 'cancel' : 'completed',
          input: { amount: 2, unit: 'days' },
          output: cancelled ? null : { resumed_at: new Date(at + 2 * DAY).toISOString() },
          error: cancelled ? WORKFLOW_RUN_MESSAGES.unpublished : null,
        }),
        ...(cancelled
          ? []
          : [
              step(3, 'remind', 'Nhắc chuyên viên', 'push_notification', at + 2 * DAY + 5, 18, {
                input: { recipients: ['assigned_agent'] },
                output: { notified: 1 },
              }),
              step(
                4,
                'email_customer',
                'Nhắc khách hàng qua email',
                'send_email',
                at + 2 * DAY + 25,
                140,
                {
                  input: { recipients: ['requester'] },
                  output: { to: ticket.email ? [ticket.email] : [] },
                },
              ),
              step(5, 'end', 'Kết thúc', 'end', at + 2 * DAY + 170, 1),
            ]),
      ],
      cancelled ? WORKFLOW_RUN_MESSAGES.unpublished : null,
      // Their two-day wait is over (or was cut short) by now.
      now - (cancelled ? 3 * DAY + 20 * MINUTE : (4 + index) * DAY),
    );
  }
}
