import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkflowSteps } from '@omnicare/shared/automation/workflow-blocks';
import type { WorkflowStatus } from '@omnicare/shared/automation/workflow-enums';
import type { DatabaseHandle } from '../../../platform/db.js';

/** Test and bench helpers of the engine: workflows written straight to their table. */
export async function insertWorkflow(
  database: DatabaseHandle,
  tenantId: string,
  steps: WorkflowSteps,
  status: WorkflowStatus = 'active',
  name = 'Kịch bản thử',
): Promise<string> {
  const result = await database.pool.query<{ id: string }>(
    `insert into workflows (tenant_id, name, status, trigger_event, workflow_steps)
     values ($1, $2, $3, $4, $5) returning id`,
    [tenantId, name, status, steps.trigger.event, JSON.stringify(steps)],
  );
  return (result.rows[0] as { id: string }).id;
}

export async function setWorkflowStatus(
  database: DatabaseHandle,
  workflowId: string,
  status: WorkflowStatus,
) {
  await database.pool.query('update workflows set status = $2 where id = $1', [workflowId, status]);
}

/** A straight graph: start → blocks… → end (a branch's `yes` and `no` go to the next block). */
export function chain(
  trigger: Partial<WorkflowSteps['trigger']>,
  blocks: { type: string; data?: Record<string, unknown>; id?: string; name?: string }[],
): WorkflowSteps {
  const nodes = [
    { id: 'start', type: 'start', data: {} },
    ...blocks.map((block, index) => ({
      id: block.id ?? `b${index + 1}`,
      ...block,
      data: block.data ?? {},
    })),
    { id: 'end', type: 'end', data: {} },
  ].map((node) => ({ name: '', position: { x: 0, y: 0 }, ...node })) as WorkflowSteps['nodes'];
  const edges: WorkflowSteps['edges'] = [];
  for (let index = 0; index < nodes.length - 1; index++) {
    const from = nodes[index] as WorkflowSteps['nodes'][number];
    const to = (nodes[index + 1] as WorkflowSteps['nodes'][number]).id;
    if (from.type === 'branch') {
      edges.push({ source: from.id, target: to, branch: 'yes' });
      edges.push({ source: from.id, target: 'end', branch: 'no' });
    } else edges.push({ source: from.id, target: to });
  }
  return {
    trigger: {
      target: 'tickets',
      event: 'ticket_created',
      title: 'Thử',
      conditions: { logic: 'and', items: [] },
      ...trigger,
    },
    nodes,
    edges,
  };
}

export interface Hit {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server recording what it is sent; `answer` decides each reply (in its time). */
interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export async function recordingServer(
  answer: (hit: Hit) => Answer | Promise<Answer> = () => ({
    status: 200,
    body: '{"ok":true}',
  }),
) {
  const hits: Hit[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const hit = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      hits.push(hit);
      for (const waiter of waiters.filter((w) => hits.length >= w.count)) waiter.resolve();
      void Promise.resolve(answer(hit)).then((reply) => {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.body ?? '');
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    url: `http://127.0.0.1:${port}`,
    port,
    /** Resolves once `count` requests have arrived. */
    received: (count: number) =>
      hits.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
