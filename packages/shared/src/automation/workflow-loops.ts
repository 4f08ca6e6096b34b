import { AUTOMATION_BUDGET } from '../platform/constants.js';
import type { WorkflowSteps } from './workflow-blocks.js';
import type { WorkflowBlockType } from './workflow-enums.js';

/**
 * Which action blocks re-fire which trigger: a new ticket fires "ticket created", a change to
 * the run's ticket fires "ticket updated".
 */
const REFIRES: Readonly<Record<string, WorkflowBlockType>> = {
  ticket_created: 'create_ticket',
  ticket_updated: 'update_ticket',
};

/**
 * The blocks of a workflow that could trigger the workflow itself again: its trigger is "ticket
 * created" and it creates tickets, or "ticket updated" and it updates its ticket. The engine
 * bounds such chains (depth, and one budget per starting event), but every round still runs:
 * the editor warns. Conservative: the trigger's conditions and the branches are not weighed.
 */
export function selfTriggeringBlocks(
  steps: Pick<WorkflowSteps, 'trigger' | 'nodes'> | null | undefined,
): string[] {
  const type = steps ? REFIRES[steps.trigger.event] : undefined;
  if (!steps || !type) return [];
  return steps.nodes.filter((node) => node.type === type).map((node) => node.id);
}

export const WORKFLOW_LOOP_MESSAGES = {
  selfTrigger:
    'Kịch bản này có thể tự kích hoạt lại chính nó: ticket mà nó tạo hoặc cập nhật lại khớp với sự kiện kích hoạt. ' +
    'Hãy thêm điều kiện để tránh vòng lặp; mỗi sự kiện gốc chỉ được tối đa ' +
    `${AUTOMATION_BUDGET.runs} lần chạy và ${AUTOMATION_BUDGET.ticketActions} thao tác tạo hoặc cập nhật ticket.`,
} as const;
