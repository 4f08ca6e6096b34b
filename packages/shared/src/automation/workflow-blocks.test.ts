import { describe, expect, it } from 'vitest';
import {
  blockDataProblems,
  WORKFLOW_BLOCK_MESSAGES as M,
  workflowBlock,
  workflowGraphProblems,
  workflowStepsDraft,
  type WorkflowSteps,
} from './workflow-blocks.js';

const node = (id: string, type: string, data: Record<string, unknown> = {}) => ({
  id,
  type,
  name: id,
  data,
  position: { x: 0, y: 0 },
});
const uuid = '4f0c2a7e-3b1d-4c8e-9a6f-2d5b7e1c9a30';

function graph(nodes: ReturnType<typeof node>[], edges: WorkflowSteps['edges']): WorkflowSteps {
  return workflowStepsDraft.parse({
    trigger: {
      target: 'tickets',
      event: 'ticket_created',
      title: 'Ticket mới',
      conditions: { logic: 'and', items: [] },
    },
    nodes,
    edges,
  });
}

describe('block data', () => {
  it('reads each block with its defaults, or names what is wrong', () => {
    const hook = workflowBlock.parse(
      node('h', 'webhook', { method: 'POST', url: 'https://example.com/x' }),
    );
    expect((hook as unknown as { data: object }).data).toMatchObject({
      headers: {},
      body: '',
      timeout_ms: 10_000,
      retries: 3,
    });
    expect(
      blockDataProblems({ type: 'webhook', data: { method: 'TRACE', url: 'ftp://x' } }),
    ).toEqual(
      expect.arrayContaining([
        { param: 'method', message: M.methodInvalid },
        { param: 'url', message: M.urlInvalid },
      ]),
    );
    expect(
      blockDataProblems({
        type: 'webhook',
        data: { method: 'GET', url: 'https://x.vn', retries: 11 },
      }),
    ).toEqual([{ param: 'retries', message: M.retriesInvalid }]);
    expect(blockDataProblems({ type: 'delay', data: { amount: 0, unit: 'minutes' } })).toEqual([
      { param: 'amount', message: M.amountInvalid },
    ]);
    expect(blockDataProblems({ type: 'delay', data: { amount: 400, unit: 'days' } })).toEqual([
      { param: 'amount', message: M.amountTooLong },
    ]);
    expect(
      blockDataProblems({
        type: 'wait_until',
        data: { timing: 'offset_time', days: 1, time: '25:00' },
      }),
    ).toEqual([{ param: 'time', message: M.timeInvalid }]);
    expect(
      blockDataProblems({
        type: 'wait_until',
        data: { timing: 'specific_time', at: '2026-05-01T03:00:00Z' },
      }),
    ).toEqual([]);
    expect(blockDataProblems({ type: 'update_ticket', data: {} })).toEqual([
      { param: 'status', message: M.updateEmpty },
    ]);
    expect(
      blockDataProblems({ type: 'update_ticket', data: { assignee: { option: 'other_agent' } } }),
    ).toEqual([{ param: 'assignee.user_id', message: M.agentRequired }]);
    expect(
      blockDataProblems({ type: 'send_email', data: { template_id: uuid, recipients: ['other'] } }),
    ).toEqual([{ param: 'emails', message: M.otherEmailsRequired }]);
    expect(
      blockDataProblems({ type: 'send_email', data: { template_id: uuid, recipients: ['group'] } }),
    ).toEqual([{ param: 'group_ids', message: M.groupsRequired }]);
    // An email needs a template or a body of its own; a blank template choice is no template.
    expect(
      blockDataProblems({
        type: 'send_email',
        data: { template_id: '', recipients: ['requester'] },
      }),
    ).toEqual([{ param: 'body', message: M.emailContentRequired }]);
    expect(
      blockDataProblems({
        type: 'send_email',
        data: {
          recipients: ['requester', 'assignee'],
          subject: 'Về {{ticket.code}}',
          body: 'Chào',
        },
      }),
    ).toEqual([]);
    expect(
      blockDataProblems({
        type: 'push_notification',
        data: { recipients: [], title: 'a', body: 'b' },
      }),
    ).toEqual([{ param: 'recipients', message: M.recipientsRequired }]);
    expect(blockDataProblems({ type: 'send_facebook', data: {} })).toEqual([
      { param: 'type', message: M.disabled },
    ]);
    expect(blockDataProblems({ type: 'send_sms', data: { template_id: uuid } })).toEqual([]);
  });
});

describe('graph rules', () => {
  it('accepts a finished graph with a branch', () => {
    const steps = graph(
      [
        node('start', 'start'),
        node('if', 'branch', {
          conditions: {
            logic: 'and',
            items: [{ field: 'ticket.status', operator: 'eq', value: 'new' }],
          },
        }),
        node('wait', 'delay', { amount: 5, unit: 'minutes' }),
        node('end', 'end'),
      ],
      [
        { source: 'start', target: 'if' },
        { source: 'if', target: 'wait', branch: 'yes' },
        { source: 'if', target: 'end', branch: 'no' },
        { source: 'wait', target: 'end' },
      ],
    );
    expect(workflowGraphProblems(steps)).toEqual([]);
  });

  it('names every problem on its block or the graph', () => {
    const steps = graph(
      [
        node('start', 'start'),
        node('if', 'branch', { conditions: { logic: 'and', items: [] } }),
        node('a', 'delay', { amount: 1, unit: 'hours' }),
        node('lost', 'delay', { amount: 1, unit: 'hours' }),
      ],
      [
        { source: 'start', target: 'if' },
        { source: 'if', target: 'a', branch: 'yes' },
        { source: 'a', target: 'if' },
      ],
    );
    const problems = workflowGraphProblems(steps);
    expect(problems).toEqual(
      expect.arrayContaining([
        { param: 'graph', message: M.endMissing },
        { param: 'graph', message: M.cycle },
        { param: 'nodes.if.edges', message: M.branchEdges },
        { param: 'nodes.lost.edges', message: M.unreachable },
        { param: 'nodes.lost.edges', message: M.deadEnd },
      ]),
    );
    const twoStarts = graph(
      [node('s1', 'start'), node('s2', 'start'), node('end', 'end')],
      [
        { source: 's1', target: 'end' },
        { source: 's2', target: 'end' },
        { source: 'end', target: 'nowhere' },
      ],
    );
    expect(workflowGraphProblems(twoStarts)).toEqual(
      expect.arrayContaining([
        { param: 'graph', message: M.startCount },
        { param: 'graph', message: M.edgeUnknown },
      ]),
    );
  });

  it('a draft may be unfinished', () => {
    expect(workflowStepsDraft.safeParse({ nodes: [node('x', 'webhook', {})] }).success).toBe(true);
  });
});
