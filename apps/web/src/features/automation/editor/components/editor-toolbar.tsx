import { useReactFlow, useViewport } from '@xyflow/react';
import { Hand, Maximize, MousePointer2, Redo2, Trash2, Undo2 } from 'lucide-react';
import type { EDITOR_TOOLS } from '@omnicare/shared/automation/workflow-enums';
import { EDITOR_ZOOM_LEVELS } from '@omnicare/shared/automation/workflow-enums';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { EDITOR_TEXT } from '../editor-text';

export type EditorTool = (typeof EDITOR_TOOLS)[number];

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip content={label} side="top">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onClick={onClick}
        className={cn(active && 'bg-teal-50 text-teal-800 hover:bg-teal-100')}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** The floating bar under the canvas: tools, zoom, undo/redo. */
export function EditorToolbar({
  tool,
  onTool,
  canUndo,
  canRedo,
  canDelete,
  onUndo,
  onRedo,
  onDelete,
}: {
  tool: EditorTool;
  onTool: (tool: EditorTool) => void;
  canUndo: boolean;
  canRedo: boolean;
  canDelete: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onDelete: () => void;
}) {
  const flow = useReactFlow();
  const { zoom } = useViewport();
  const divider = <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden />;
  return (
    <div
      role="toolbar"
      aria-label="Công cụ"
      className="absolute bottom-4 left-1/2 z-10 flex -translate-x-1/2 items-center gap-0.5 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
    >
      <ToolButton
        label={EDITOR_TEXT.pointer}
        active={tool === 'pointer'}
        onClick={() => onTool('pointer')}
      >
        <MousePointer2 />
      </ToolButton>
      <ToolButton label={EDITOR_TEXT.hand} active={tool === 'hand'} onClick={() => onTool('hand')}>
        <Hand />
      </ToolButton>
      {divider}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            aria-label={EDITOR_TEXT.zoom}
            className="w-16 tabular-nums"
          >
            {Math.round(zoom * 100)}%
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="center" side="top" className="min-w-36">
          {EDITOR_ZOOM_LEVELS.map((level) =>
            level === 'fit' ? (
              <DropdownMenuItem
                key={level}
                onSelect={() => void flow.fitView({ padding: 0.2, duration: 200 })}
              >
                <Maximize />
                {EDITOR_TEXT.fit}
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem
                key={level}
                onSelect={() => void flow.zoomTo(level / 100, { duration: 200 })}
              >
                <span className="w-4" />
                {level}%
              </DropdownMenuItem>
            ),
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ToolButton
        label={EDITOR_TEXT.fit}
        onClick={() => void flow.fitView({ padding: 0.2, duration: 200 })}
      >
        <Maximize />
      </ToolButton>
      {divider}
      <ToolButton label={EDITOR_TEXT.undo} disabled={!canUndo} onClick={onUndo}>
        <Undo2 />
      </ToolButton>
      <ToolButton label={EDITOR_TEXT.redo} disabled={!canRedo} onClick={onRedo}>
        <Redo2 />
      </ToolButton>
      {divider}
      <ToolButton label={EDITOR_TEXT.deleteSelection} disabled={!canDelete} onClick={onDelete}>
        <Trash2 />
      </ToolButton>
    </div>
  );
}
