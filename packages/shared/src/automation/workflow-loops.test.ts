import { describe, expect, it } from 'vitest';
import type { WorkflowSteps } from './workflow-blocks.js';
import { selfTriggeringBlocks } from './workflow-loops.js';

const node = (id: string, type: string) => ({
  id,
  type,
  name: id,
  data: {},
  position: { x: 0, y: 0 },
});

const steps = (event: string, types: string[]): WorkflowSteps =>
  ({
    trigger: {
      target: 'tickets',
      event,
      title: 'Thử',
      conditions: { logic: 'and', items: [] },
    },
    nodes: [
      node('start', 'start'),
      ...types.map((type, index) => node(`b${index + 1}`, type)),
      node('end', 'end'),
    ],
    edges: [],
  }) as WorkflowSteps;

describe('selfTriggeringBlocks', () => {
  it('names the create-ticket blocks of a workflow triggered by a new ticket', () => {
    expect(
      selfTriggeringBlocks(steps('ticket_created', ['create_ticket', 'webhook', 'create_ticket'])),
    ).toEqual(['b1', 'b3']);
  });

  it('names the update-ticket blocks of a workflow triggered by a ticket change', () => {
    expect(selfTriggeringBlocks(steps('ticket_updated', ['send_email', 'update_ticket']))).toEqual([
      'b2',
    ]);
  });

  it('finds none where no block fires the trigger again', () => {
    // Updating the ticket does not create one; creating one is not an update of it.
    expect(selfTriggeringBlocks(steps('ticket_created', ['update_ticket', 'webhook']))).toEqual([]);
    expect(selfTriggeringBlocks(steps('ticket_updated', ['create_ticket', 'delay']))).toEqual([]);
    expect(selfTriggeringBlocks(steps('ticket_created', []))).toEqual([]);
    expect(selfTriggeringBlocks(undefined)).toEqual([]);
  });
});
