import type { DragEvent } from 'react';
import { Lock } from 'lucide-react';
import type { WorkflowBlockType } from '@omnicare/shared/automation/workflow-enums';
import { WORKFLOW_BLOCK_TYPE } from '@omnicare/shared/automation/workflow-enums';
import { isDisabledBlock } from '@omnicare/shared/automation/workflow-blocks';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { BLOCK_GROUP_LABEL, BLOCK_META, type BlockGroup } from '../block-meta';
import { EDITOR_TEXT } from '../editor-text';

export const BLOCK_DRAG_TYPE = 'application/x-omnicare-block';

/** Every block type of the spec but start (each workflow has one), grouped, the unsupported ones locked. */
const PALETTE_TYPES = WORKFLOW_BLOCK_TYPE.values.filter((type) => type !== 'start');
const GROUPS: BlockGroup[] = ['flow', 'ticket', 'message', 'other'];

export function BlockPalette({ onAdd }: { onAdd: (type: WorkflowBlockType) => void }) {
  return (
    <aside
      aria-label={EDITOR_TEXT.palette}
      className="flex w-52 shrink-0 flex-col 2xl:w-60 overflow-y-auto border-r border-slate-200 bg-white"
    >
      <div className="px-4 pt-4 pb-2">
        <h2 className="text-sm font-semibold text-slate-900">{EDITOR_TEXT.palette}</h2>
        <p className="mt-0.5 text-xs text-slate-500">{EDITOR_TEXT.paletteHint}</p>
      </div>
      {GROUPS.map((group) => (
        <section key={group} className="px-2 pb-3">
          <h3 className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-slate-400 uppercase">
            {BLOCK_GROUP_LABEL[group]}
          </h3>
          <ul className="space-y-0.5">
            {PALETTE_TYPES.filter((type) => BLOCK_META[type].group === group).map((type) => (
              <li key={type}>
                <PaletteItem type={type} onAdd={onAdd} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}

function PaletteItem({
  type,
  onAdd,
}: {
  type: WorkflowBlockType;
  onAdd: (type: WorkflowBlockType) => void;
}) {
  const meta = BLOCK_META[type];
  const Icon = meta.icon;
  const disabled = isDisabledBlock(type);
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(BLOCK_DRAG_TYPE, type);
    event.dataTransfer.effectAllowed = 'move';
  };
  const button = (
    <button
      type="button"
      // aria-disabled keeps the tooltip reachable by hover and focus.
      aria-disabled={disabled || undefined}
      data-testid={`palette-${type}`}
      draggable={!disabled}
      onDragStart={disabled ? undefined : onDragStart}
      onClick={disabled ? undefined : () => onAdd(type)}
      className={cn(
        'flex w-full items-center gap-2.5 rounded-md px-2 py-1.5 text-left text-[13px] text-slate-700 outline-none focus-visible:ring-2 focus-visible:ring-teal-600/50',
        disabled
          ? 'cursor-not-allowed opacity-50'
          : 'cursor-grab hover:bg-slate-100 active:cursor-grabbing',
      )}
    >
      <span
        className={cn('flex size-7 shrink-0 items-center justify-center rounded-md', meta.tone)}
      >
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1 truncate" title={WORKFLOW_BLOCK_TYPE.label(type)}>
        {WORKFLOW_BLOCK_TYPE.label(type)}
      </span>
      {disabled && (
        <Lock className="size-3.5 text-slate-400" aria-label={EDITOR_TEXT.unsupported} />
      )}
    </button>
  );
  return disabled ? (
    <Tooltip content={EDITOR_TEXT.unsupported} side="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
