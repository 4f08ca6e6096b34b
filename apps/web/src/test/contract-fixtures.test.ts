import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createdBody, listBody, okBody } from '@omnicare/shared/platform/envelope';
import { priorityView } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { ticketListAnswer } from '@omnicare/shared/tickets/tickets.schemas';
import { http } from '@/lib/http';
import {
  ContractDrift,
  created,
  fixture,
  list,
  mockApi,
  ok,
  page,
  takeContractDrifts,
} from './contract-fixtures';
import { ticketRow } from './view-fixtures';

const PRIORITY = {
  _id: 'p1',
  name: 'Cao',
  color: '#dc2626',
  order: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** The message a call fails with (its drift is forgotten: these tests drift on purpose). */
function driftOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    takeContractDrifts();
    expect(error).toBeInstanceOf(ContractDrift);
    return (error as Error).message;
  }
  throw new Error('no drift');
}

afterEach(() => vi.restoreAllMocks());

describe('fixture', () => {
  it('gives back a fixture that matches, typed as the schema says', () => {
    const priority = fixture('GET /v2/priorities', priorityView, PRIORITY);
    expect(priority).toEqual(PRIORITY);
    expect(takeContractDrifts()).toEqual([]);
  });

  it('fails a drifted fixture naming the operation and each problem by its path', () => {
    // A field renamed since (color → colour), a value of the wrong kind, a dropped date.
    const { color: _, updated_at: __, ...rest } = PRIORITY;
    const drifted = { ...rest, colour: '#dc2626', order: '1' };
    const message = driftOf(() =>
      fixture('GET /v2/priorities', priorityView, drifted as unknown as typeof PRIORITY),
    );
    expect(message).toBe(
      [
        'GET /v2/priorities: the fixture does not match the shared response schema',
        '  color: Invalid input: expected string, received undefined',
        '  order: Invalid input: expected number, received string',
        '  updated_at: Invalid input: expected string, received undefined',
        '  colour: not in the schema (the server never sends it)',
      ].join('\n'),
    );
  });

  it('fails a field the schema does not declare: the server never sends it', () => {
    const message = driftOf(() =>
      fixture('GET /v2/priorities', z.array(priorityView), [
        PRIORITY,
        { ...PRIORITY, icon: 'flame' } as typeof PRIORITY,
      ]),
    );
    expect(message).toBe(
      [
        'GET /v2/priorities: the fixture does not match the shared response schema',
        '  [1].icon: not in the schema (the server never sends it)',
      ].join('\n'),
    );
  });

  it('says why each branch of a union refused a value', () => {
    const schema = z.object({
      via: z.union([
        z.object({ kind: z.literal('macro'), name: z.string() }),
        z.object({ kind: z.literal('job'), id: z.string() }),
      ]),
    });
    const message = driftOf(() =>
      fixture('GET /v2/x', schema, { via: { kind: 'job', id: 7 as unknown as string } }),
    );
    expect(message).toBe(
      [
        'GET /v2/x: the fixture does not match the shared response schema',
        '  via: Invalid input (no branch matches)',
        '    branch 1:',
        '      via.kind: Invalid input: expected "macro"',
        '      via.name: Invalid input: expected string, received undefined',
        '    branch 2:',
        '      via.id: Invalid input: expected string, received number',
      ].join('\n'),
    );
  });

  it('keeps every drift until the test setup takes it, so a swallowed one still fails', () => {
    expect(() => fixture('GET /v2/priorities', priorityView, { ...PRIORITY, order: 1.5 })).toThrow(
      ContractDrift,
    );
    const [drift, ...more] = takeContractDrifts();
    expect(drift?.message).toContain('order: Invalid input: expected int, received number');
    expect(more).toEqual([]);
    expect(takeContractDrifts()).toEqual([]);
  });
});

describe('page', () => {
  it('checks a page of rows as apiList resolves it', () => {
    expect(page('GET /v2/priorities', priorityView, { data: [PRIORITY], total: 1 })).toEqual({
      data: [PRIORITY],
      total: 1,
    });
    const message = driftOf(() =>
      page('GET /v2/priorities', priorityView, {
        data: [{ ...PRIORITY, name: undefined as unknown as string }],
        total: 1,
      }),
    );
    expect(message).toContain('GET /v2/priorities: the page does not match');
    expect(message).toContain('data[0].name: Invalid input: expected string, received undefined');
  });

  it("checks what a route's own list envelope adds", () => {
    const rows = { data: [ticketRow()], total: 1, total_capped: false };
    expect(page('GET /v2/tickets', ticketListAnswer, rows)).toEqual(rows);
    const { total_capped: _, ...uncapped } = rows;
    const message = driftOf(() =>
      page('GET /v2/tickets', ticketListAnswer, uncapped as typeof rows),
    );
    expect(message).toContain('total_capped: Invalid input: expected boolean, received undefined');
  });
});

describe('mockApi', () => {
  const CONTRACTS = {
    'GET /v2/priorities': listBody(priorityView),
    'POST /v2/priorities': createdBody(priorityView),
    'PUT /v2/priority/:id': okBody(priorityView),
    'PUT /v2/priority/order': okBody(z.array(priorityView)),
  };

  it('answers with the checked body, the route found by method and path', async () => {
    const request = mockApi(CONTRACTS, (config) => {
      if (config.method === 'POST') return created(PRIORITY);
      if (config.url === '/v2/priorities') return list([PRIORITY]);
      return config.url === '/v2/priority/order' ? ok([PRIORITY]) : ok(PRIORITY);
    });
    await expect(http.request({ url: '/v2/priorities' })).resolves.toMatchObject({
      status: 200,
      data: { statusCode: 200, data: [PRIORITY], total: 1 },
    });
    await expect(
      http.request({ method: 'POST', url: '/v2/priorities', data: {} }),
    ).resolves.toMatchObject({ status: 201, data: { data: PRIORITY } });
    // A literal segment is preferred to a parameter.
    await expect(http.request({ method: 'PUT', url: '/v2/priority/order' })).resolves.toMatchObject(
      { data: { data: [PRIORITY] } },
    );
    await expect(http.request({ method: 'PUT', url: '/v2/priority/p1' })).resolves.toMatchObject({
      data: { data: PRIORITY },
    });
    expect(request).toHaveBeenCalledTimes(4);
    expect(takeContractDrifts()).toEqual([]);
  });

  it('rejects a drifted answer, naming the operation and the call, and keeps the drift', async () => {
    mockApi(CONTRACTS, () => ok({ ...PRIORITY, color: null }));
    const answer = http.request({ method: 'PUT', url: '/v2/priority/p1' });
    await expect(answer).rejects.toThrow(
      [
        'PUT /v2/priority/:id: the answer to PUT /v2/priority/p1 does not match the shared response schema',
        '  data.color: Invalid input: expected string, received null',
      ].join('\n'),
    );
    expect(takeContractDrifts()).toHaveLength(1);
  });

  it('checks the envelope too: a create answers 201, a list has its total', async () => {
    mockApi(CONTRACTS, (config) => (config.method === 'POST' ? ok(PRIORITY) : ok([PRIORITY])));
    await expect(http.request({ method: 'POST', url: '/v2/priorities' })).rejects.toThrow(
      'statusCode: Invalid input: expected 201',
    );
    await expect(http.request({ url: '/v2/priorities' })).rejects.toThrow(
      'total: Invalid input: expected number, received undefined',
    );
    expect(takeContractDrifts()).toHaveLength(2);
  });

  it('refuses to answer an operation the test declared no contract for', async () => {
    mockApi(CONTRACTS, () => ok([]));
    await expect(http.request({ url: '/v2/types' })).rejects.toThrow(
      'GET /v2/types was answered, but the test declares no contract for it',
    );
    await expect(http.request({ method: 'DELETE', url: '/v2/priority/p1' })).rejects.toThrow(
      'DELETE /v2/priority/p1 was answered, but the test declares no contract for it',
    );
    expect(takeContractDrifts()).toHaveLength(2);
  });

  it('passes a refusal through as the answer gives it', async () => {
    const refusal = new Error('Không tìm thấy');
    mockApi(CONTRACTS, () => Promise.reject(refusal));
    await expect(http.request({ url: '/v2/priorities' })).rejects.toBe(refusal);
    expect(takeContractDrifts()).toEqual([]);
  });
});
