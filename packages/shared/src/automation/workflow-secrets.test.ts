import { describe, expect, it } from 'vitest';
import type { WorkflowSteps } from './workflow-blocks.js';
import {
  isSecretName,
  maskBlockSecrets,
  maskHeaderValues,
  maskUrlSecrets,
  maskWorkflowSecrets,
  restoreWorkflowSecrets,
  SECRET_MASK,
  WORKFLOW_SECRET_MESSAGES,
} from './workflow-secrets.js';

const X = SECRET_MASK;

const graph = (data: Record<string, unknown>, id = 'hook', type = 'webhook'): WorkflowSteps => ({
  trigger: {
    target: 'tickets',
    event: 'ticket_created',
    title: 't',
    conditions: { logic: 'and', items: [] },
  },
  nodes: [{ id, type, name: 'Gọi API', data, position: { x: 0, y: 0 } }] as WorkflowSteps['nodes'],
  edges: [],
});

describe('workflow secrets', () => {
  it('knows secret header names, whatever their case', () => {
    for (const name of [
      'Authorization',
      'proxy-authorization',
      'X-Api-Key',
      'Cookie',
      'X-Auth-Token',
      'X-Client-Secret',
      'X-Hub-Signature-256',
      'X-Password',
      'X-Session-Id',
      'APIKEY',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['Accept', 'Content-Type', 'X-Ticket', 'Idempotency-Key', 'User-Agent'])
      expect(isSecretName(name), name).toBe(false);
  });

  it('masks secret header values, leaving the rest and empty values as they are', () => {
    expect(
      maskHeaderValues({
        Authorization: 'Bearer x',
        'X-Api-Key': 'k',
        Cookie: 'c',
        'X-Auth-Token': '',
        'Idempotency-Key': 'r:n',
        Accept: 'json',
      }),
    ).toEqual({
      Authorization: X,
      'X-Api-Key': X,
      Cookie: X,
      'X-Auth-Token': '',
      'Idempotency-Key': 'r:n',
      Accept: 'json',
    });
  });

  it("masks a URL's password and secret-looking query values, placeholders untouched", () => {
    expect(
      maskUrlSecrets('https://bot:pa55@api.example.com/x?token=abc&code={{ticket.code}}'),
    ).toBe(`https://bot:${X}@api.example.com/x?token=${X}&code={{ticket.code}}`);
    expect(maskUrlSecrets('https://api.example.com/x?api_key=1&page=2#token=3')).toBe(
      `https://api.example.com/x?api_key=${X}&page=2#token=3`,
    );
    expect(maskUrlSecrets('https://user@api.example.com/?key=')).toBe(
      'https://user@api.example.com/?key=',
    );
  });

  it('masks only webhook blocks, and unfinished data as far as it goes', () => {
    expect(maskBlockSecrets('send_sms', { template_id: 'x' })).toEqual({ template_id: 'x' });
    expect(maskBlockSecrets('webhook', { headers: 'oops', url: 42 })).toEqual({
      headers: 'oops',
      url: 42,
    });
    expect(maskBlockSecrets('webhook', null)).toBeNull();
    const steps = graph({ url: 'https://h.example/?secret=s', headers: { 'X-Api-Key': 'k' } });
    expect(maskWorkflowSecrets(steps).nodes[0]!.data).toEqual({
      url: `https://h.example/?secret=${X}`,
      headers: { 'X-Api-Key': X },
    });
    // The stored graph is not touched.
    expect(steps.nodes[0]!.data.headers).toEqual({ 'X-Api-Key': 'k' });
  });

  it('keeps the stored value where a save sends the mask back; a new value replaces it', () => {
    const stored = graph({
      url: 'https://bot:pw@h.example/a?token=t1&token=t2',
      headers: { Authorization: 'Bearer old', 'x-api-key': 'k1' },
    });
    const sent = graph({
      url: `https://bot:${X}@h.example/b?token=${X}&token=new`,
      headers: { Authorization: X, 'X-Api-Key': X, Accept: 'json' },
    });
    const { steps, problems } = restoreWorkflowSecrets(sent, stored);
    expect(problems).toEqual([]);
    expect(steps.nodes[0]!.data).toEqual({
      url: 'https://bot:pw@h.example/b?token=t1&token=new',
      headers: { Authorization: 'Bearer old', 'X-Api-Key': 'k1', Accept: 'json' },
    });
    const replaced = restoreWorkflowSecrets(
      graph({ url: 'https://h.example/', headers: { Authorization: 'Bearer new' } }),
      stored,
    );
    expect(replaced.steps.nodes[0]!.data.headers).toEqual({ Authorization: 'Bearer new' });
  });

  it('refuses a mask with nothing stored to keep, or sent to another host', () => {
    const stored = graph({ url: 'https://h.example/', headers: { Authorization: 'Bearer old' } });
    const fresh = restoreWorkflowSecrets(
      graph({ url: `https://h.example/?token=${X}`, headers: { Authorization: X } }),
      null,
    );
    expect(fresh.problems).toEqual([
      { param: 'nodes.hook.url', message: WORKFLOW_SECRET_MESSAGES.maskedWithoutValue },
      {
        param: 'nodes.hook.headers.Authorization',
        message: WORKFLOW_SECRET_MESSAGES.maskedWithoutValue,
      },
    ]);
    const otherBlock = restoreWorkflowSecrets(
      graph({ url: 'https://h.example/', headers: { Authorization: X } }, 'copy'),
      stored,
    );
    expect(otherBlock.problems).toEqual([
      {
        param: 'nodes.copy.headers.Authorization',
        message: WORKFLOW_SECRET_MESSAGES.maskedWithoutValue,
      },
    ]);
    const renamed = restoreWorkflowSecrets(
      graph({ url: 'https://h.example/', headers: { 'X-Token': X, constructor: X } }),
      stored,
    );
    expect(renamed.problems.map((problem) => problem.param)).toEqual([
      'nodes.hook.headers.X-Token',
      'nodes.hook.headers.constructor',
    ]);
    const moved = restoreWorkflowSecrets(
      graph({ url: 'https://attacker.example/', headers: { Authorization: X } }),
      stored,
    );
    expect(moved.problems).toEqual([
      {
        param: 'nodes.hook.headers.Authorization',
        message: WORKFLOW_SECRET_MESSAGES.destinationChanged,
      },
    ]);
    // Another path on the same host keeps it.
    expect(
      restoreWorkflowSecrets(
        graph({ url: 'HTTPS://H.example/other', headers: { Authorization: X } }),
        stored,
      ).problems,
    ).toEqual([]);
  });
});
