import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { CircleAlert } from 'lucide-react';
import type { WorkflowNode, WorkflowTrigger } from '@omnicare/shared/automation/workflow-blocks';
import { EDGE_BRANCH_LABEL } from '@omnicare/shared/automation/workflow-blocks';
import { WORKFLOW_BLOCK_TYPE, WORKFLOW_TRIGGER } from '@omnicare/shared/automation/workflow-enums';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { BLOCK_META, blockSummary } from '../block-meta';

export interface BlockNodeData extends Record<string, unknown> {
  block: WorkflowNode;
  /** Field → message, for a block with problems. */
  problems?: Record<string, string>;
  /** The start block shows the trigger. */
  trigger?: WorkflowTrigger;
  /** The first problem of the trigger, shown on the start block. */
  triggerProblem?: string;
}
export type BlockFlowNode = Node<BlockNodeData, 'block'>;

const handleClass = '!size-3 !border-2 !border-white !bg-slate-400 hover:!bg-teal-600';

/** One block on the canvas: its icon, name and a line about its data; red when it has problems. */
export const BlockNode = memo(function BlockNode({ data, selected }: NodeProps<BlockFlowNode>) {
  const { block, problems, trigger } = data;
  const meta = BLOCK_META[block.type];
  const Icon = meta.icon;
  const messages = [
    ...(data.triggerProblem ? [data.triggerProblem] : []),
    ...Object.values(problems ?? {}),
  ];
  const invalid = messages.length > 0;
  const summary =
    block.type === 'start' && trigger
      ? `${WORKFLOW_TRIGGER.label(trigger.event)}${trigger.title ? ` · ${trigger.title}` : ''}`
      : blockSummary(block.type, block.data);

  return (
    <div
      data-testid={`block-${block.id}`}
      data-block-type={block.type}
      data-invalid={invalid || undefined}
      className={cn(
        'group relative w-[260px] rounded-xl border bg-white shadow-sm transition-shadow',
        selected
          ? 'border-teal-600 ring-2 ring-teal-600/25 shadow-md'
          : 'border-slate-200 hover:shadow-md',
        invalid && !selected && 'border-red-400',
      )}
    >
      {block.type !== 'start' && (
        <Handle type="target" position={Position.Top} className={handleClass} />
      )}
      <div className="flex items-start gap-3 px-3 py-2.5">
        <div
          className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', meta.tone)}
        >
          <Icon className="size-[18px]" aria-hidden />
        </div>
        <div className="min-w-0 flex-1">
          <div className="text-[11px] font-medium tracking-wide text-slate-400 uppercase">
            {block.type === 'start' ? 'Kích hoạt' : WORKFLOW_BLOCK_TYPE.label(block.type)}
          </div>
          <div className="truncate text-sm font-semibold text-slate-900" title={block.name}>
            {block.name || WORKFLOW_BLOCK_TYPE.label(block.type)}
          </div>
          <div className="truncate text-xs text-slate-500" title={summary}>
            {summary}
          </div>
        </div>
        {invalid && (
          <Tooltip content={messages[0]} side="top">
            <span
              role="img"
              aria-label={`Lỗi: ${messages[0]}`}
              data-testid="block-problem"
              className="absolute -top-2 -right-2 flex size-5 items-center justify-center rounded-full bg-red-600 text-white shadow"
            >
              <CircleAlert className="size-3.5" aria-hidden />
            </span>
          </Tooltip>
        )}
      </div>
      {block.type === 'branch' ? (
        <div className="flex justify-between border-t border-slate-100 px-6 py-1 text-[11px] font-medium">
          <span className="text-emerald-700">{EDGE_BRANCH_LABEL.yes}</span>
          <span className="text-rose-700">{EDGE_BRANCH_LABEL.no}</span>
          <Handle
            type="source"
            id="yes"
            position={Position.Bottom}
            style={{ left: '25%' }}
            className={cn(handleClass, '!bg-emerald-500')}
            aria-label={EDGE_BRANCH_LABEL.yes}
          />
          <Handle
            type="source"
            id="no"
            position={Position.Bottom}
            style={{ left: '75%' }}
            className={cn(handleClass, '!bg-rose-500')}
            aria-label={EDGE_BRANCH_LABEL.no}
          />
        </div>
      ) : (
        block.type !== 'end' && (
          <Handle type="source" position={Position.Bottom} className={handleClass} />
        )
      )}
    </div>
  );
});
