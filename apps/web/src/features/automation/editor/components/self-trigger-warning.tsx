import { useMemo } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { WorkflowSteps } from '@omnicare/shared/automation/workflow-blocks';
import {
  selfTriggeringBlocks,
  WORKFLOW_LOOP_MESSAGES,
} from '@omnicare/shared/automation/workflow-loops';

/**
 * Warns that the workflow may trigger itself again (a create-ticket block on "ticket created",
 * an update-ticket block on "ticket updated"), as the shared `selfTriggeringBlocks` decides.
 * A warning, not a problem: the workflow may still be published.
 */
export function SelfTriggerWarning({ steps }: { steps: Pick<WorkflowSteps, 'trigger' | 'nodes'> }) {
  const { trigger, nodes } = steps;
  const blocks = useMemo(() => selfTriggeringBlocks({ trigger, nodes }), [trigger, nodes]);
  if (blocks.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="self-trigger-warning"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2.5 text-[13px] text-amber-900 shadow-sm"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{WORKFLOW_LOOP_MESSAGES.selfTrigger}</span>
    </div>
  );
}
