import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type DragEvent,
} from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Background,
  BackgroundVariant,
  MarkerType,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { ArrowLeft, CircleAlert, History, Keyboard, Loader2, Send } from 'lucide-react';
import type { Workflow, WorkflowBody } from '@omnicare/shared/automation/workflow.schemas';
import { WORKFLOW_MESSAGES } from '@omnicare/shared/automation/workflow.schemas';
import type { EdgeBranch } from '@omnicare/shared/automation/workflow-blocks';
import {
  EDGE_BRANCH_LABEL,
  isDisabledBlock,
  workflowGraphProblems,
} from '@omnicare/shared/automation/workflow-blocks';
import type { WorkflowBlockType } from '@omnicare/shared/automation/workflow-enums';
import { WORKFLOW_STATUS } from '@omnicare/shared/automation/workflow-enums';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { isApiError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { cn } from '@/lib/cn';
import { createWorkflow, getWorkflow, updateWorkflow } from '../../automation.api';
import {
  editorReducer,
  initialEditorState,
  newBlock,
  newBlockId,
  starterSteps,
  toSteps,
  type EditorState,
} from '../editor-store';
import { NO_PROBLEMS, problemCount, sortProblems, type EditorProblems } from '../editor-problems';
import { EDITOR_TEXT } from '../editor-text';
import { defaultBlockData } from '../block-meta';
import { BlockNode, type BlockFlowNode } from '../components/block-node';
import { BLOCK_DRAG_TYPE, BlockPalette } from '../components/block-palette';
import { BlockPanel } from '../components/block-panel';
import { SelfTriggerWarning } from '../components/self-trigger-warning';
import { TriggerPanel } from '../components/trigger-panel';
import { EditorToolbar, type EditorTool } from '../components/editor-toolbar';
import { useConditionFields } from '../components/conditions-editor';

export const workflowKey = (id: string) => ['workflows', 'detail', id] as const;

/** `/automation/editor` and `/automation/editor/{id}`: the visual workflow editor. */
export function WorkflowEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: workflowKey(id ?? ''),
    queryFn: ({ signal }) => getWorkflow(id as string, signal),
    enabled: Boolean(id),
  });
  useEffect(() => {
    if (query.isError) void navigate('/automation', { replace: true });
  }, [query.isError, navigate]);

  if (id && !query.data) return <PageSpinner />;
  return (
    <ReactFlowProvider key={id ?? 'new'}>
      <WorkflowEditor workflow={query.data ?? null} />
    </ReactFlowProvider>
  );
}

const nodeTypes = { block: BlockNode };
/** A block's size on the canvas at 100 % (BlockNode's width, its usual height). */
const BLOCK_SIZE = { width: 260, height: 72 };

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    Boolean(target.closest('[role="dialog"],[role="listbox"],[role="menu"]')));

export function WorkflowEditor({ workflow }: { workflow: Workflow | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = useReactFlow();
  const wrapper = useRef<HTMLDivElement>(null);
  const [state, dispatch] = useReducer(editorReducer, workflow, (loaded): EditorState =>
    initialEditorState(loaded ? loaded.workflow_steps : starterSteps(newBlockId)),
  );
  // Handlers read the latest state through this (React Flow keeps some of them across renders).
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const [name, setName] = useState(workflow?.name ?? '');
  const [description, setDescription] = useState(workflow?.description ?? '');
  const [saved, setSaved] = useState({
    revision: 0,
    name: workflow?.name ?? '',
    description: workflow?.description ?? '',
  });
  const [nameError, setNameError] = useState<string>();
  const [tool, setTool] = useState<EditorTool>('pointer');
  // Undo/redo remount the side panel so its form shows the restored data.
  const [historyStep, setHistoryStep] = useState(0);
  // After a publish attempt the graph is checked live; the server's own findings last until the next edit.
  const [checked, setChecked] = useState(false);
  const [serverProblems, setServerProblems] = useState<{
    revision: number;
    problems: EditorProblems;
  } | null>(null);
  const [goTo, setGoTo] = useState<string | null>(null);
  /** A block just joined in by a click, to bring into view once drawn. */
  const toShow = useRef<string | null>(null);
  const status = workflow?.status ?? 'draft';
  const { customKinds } = useConditionFields();

  const dirty =
    state.revision !== saved.revision || name !== saved.name || description !== saved.description;
  const leaveGuard = useUnsavedChanges(dirty && !goTo);
  useEffect(() => {
    if (goTo) void navigate(goTo, { replace: true });
  }, [goTo, navigate]);

  const problems = useMemo<EditorProblems>(() => {
    if (serverProblems && serverProblems.revision === state.revision)
      return serverProblems.problems;
    if (!checked) return NO_PROBLEMS;
    return sortProblems(
      workflowGraphProblems(toSteps(state), customKinds),
      state.nodes.map((node) => node.id),
    );
  }, [checked, serverProblems, state, customKinds]);

  /* ----------------------------------------------------------------------------- saving */

  const save = useMutation({
    meta: { silent: true },
    mutationFn: async (publish: boolean) => {
      const body: WorkflowBody = {
        name: name.trim(),
        description: description.trim(),
        workflow_steps: toSteps(stateRef.current),
        ...(publish
          ? { status: 'active' as const }
          : status === 'draft'
            ? { status: 'draft' as const }
            : {}),
      };
      const revision = stateRef.current.revision;
      const answer = workflow
        ? await updateWorkflow({ id: workflow._id, body })
        : await createWorkflow(body);
      return { answer, revision, publish };
    },
    onSuccess: ({ answer, revision, publish }) => {
      queryClient.setQueryData(workflowKey(answer.data._id), answer.data);
      void queryClient.invalidateQueries({ queryKey: ['workflows', 'list'] });
      setSaved({ revision, name: name.trim(), description: description.trim() });
      setServerProblems(null);
      toast.success(publish ? EDITOR_TEXT.published : EDITOR_TEXT.saved);
      if (!workflow) setGoTo(`/automation/editor/${answer.data._id}`);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 422) {
        const sorted = sortProblems(
          error.fieldErrors,
          stateRef.current.nodes.map((node) => node.id),
        );
        const nameProblem = error.fieldErrors.find((item) => item.param === 'name');
        if (nameProblem) setNameError(nameProblem.message);
        sorted.graph = sorted.graph.filter((message) => message !== nameProblem?.message);
        setServerProblems({ revision: stateRef.current.revision, problems: sorted });
        toast.error(error.message);
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    },
  });

  const submit = (publish: boolean) => {
    if (!name.trim()) {
      setNameError(WORKFLOW_MESSAGES.nameRequired);
      toast.error(WORKFLOW_MESSAGES.nameRequired);
      return;
    }
    if (publish) {
      setChecked(true);
      const found = workflowGraphProblems(toSteps(stateRef.current), customKinds);
      if (found.length > 0) {
        toast.error(WORKFLOW_MESSAGES.invalidGraph);
        return;
      }
    }
    save.mutate(publish);
  };

  /* ------------------------------------------------------------------------ canvas glue */

  /**
   * Adds a block centred on a point of the screen (a drop), or from a click in the palette joined
   * in at the selection or the end of the path (at the canvas's centre when there is no such place).
   */
  const addBlock = (type: WorkflowBlockType, screen?: { x: number; y: number }) => {
    if (isDisabledBlock(type)) return;
    const bounds = wrapper.current?.getBoundingClientRect();
    const point = flow.screenToFlowPosition(
      screen ?? {
        x: (bounds?.left ?? 0) + (bounds?.width ?? 800) / 2,
        y: (bounds?.top ?? 0) + (bounds?.height ?? 600) / 2,
      },
    );
    const spot = {
      x: Math.round(point.x - BLOCK_SIZE.width / 2),
      y: Math.round(point.y - BLOCK_SIZE.height / 2),
    };
    // A block added by click never lands on another: it moves down until its place is free.
    const overlaps = (at: { x: number; y: number }) =>
      stateRef.current.nodes.some(
        (node) =>
          Math.abs(node.position.x - at.x) < BLOCK_SIZE.width + 10 &&
          Math.abs(node.position.y - at.y) < BLOCK_SIZE.height + 20,
      );
    if (!screen) while (overlaps(spot)) spot.y += BLOCK_SIZE.height + 30;
    const node = newBlock(type, newBlockId(), spot, defaultBlockData(type));
    // A dropped block stays where it fell; a clicked one is joined into the flow.
    dispatch(screen ? { type: 'add', node } : { type: 'insert', node });
    if (!screen) toShow.current = node.id;
  };

  // A block joined in by a click may land below the visible canvas: bring it to the middle.
  useEffect(() => {
    const block = state.nodes.find((node) => node.id === toShow.current);
    if (!block) return;
    toShow.current = null;
    void flow.setCenter(
      block.position.x + BLOCK_SIZE.width / 2,
      block.position.y + BLOCK_SIZE.height / 2,
      { zoom: flow.getZoom(), duration: 200 },
    );
  }, [state.nodes, flow]);

  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(BLOCK_DRAG_TYPE) as WorkflowBlockType;
    if (!type) return;
    event.preventDefault();
    addBlock(type, { x: event.clientX, y: event.clientY });
  };

  const nodes = useMemo<BlockFlowNode[]>(
    () =>
      state.nodes.map((block) => ({
        id: block.id,
        type: 'block',
        position: block.position,
        selected: state.selectedNodes.includes(block.id),
        data: {
          block,
          problems: problems.nodes[block.id],
          ...(block.type === 'start'
            ? { trigger: state.trigger, triggerProblem: Object.values(problems.trigger)[0] }
            : {}),
        },
      })),
    [state.nodes, state.selectedNodes, state.trigger, problems],
  );
  const edges = useMemo<Edge[]>(
    () =>
      state.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        sourceHandle: edge.branch ?? null,
        selected: state.selectedEdges.includes(edge.id),
        type: 'smoothstep',
        label: edge.branch ? EDGE_BRANCH_LABEL[edge.branch] : undefined,
        labelStyle: {
          fontSize: 11,
          fontWeight: 600,
          fill: edge.branch === 'no' ? '#be123c' : '#047857',
        },
        labelBgStyle: { fill: '#ffffff' },
        labelBgPadding: [6, 3] as [number, number],
        labelBgBorderRadius: 4,
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        // A selected edge (to delete) stands out in the brand colour.
        style: state.selectedEdges.includes(edge.id)
          ? { strokeWidth: 3, stroke: '#0f766e' }
          : {
              strokeWidth: 1.75,
              stroke:
                edge.branch === 'no' ? '#f43f5e' : edge.branch === 'yes' ? '#10b981' : '#94a3b8',
            },
        data: { branch: edge.branch },
      })),
    [state.edges, state.selectedEdges],
  );

  const onNodesChange = (changes: NodeChange<BlockFlowNode>[]) => {
    const positions: Record<string, { x: number; y: number }> = {};
    let selection: Set<string> | null = null;
    for (const change of changes) {
      if (change.type === 'position' && change.position) positions[change.id] = change.position;
      if (change.type === 'select') {
        selection ??= new Set(stateRef.current.selectedNodes);
        if (change.selected) selection.add(change.id);
        else selection.delete(change.id);
      }
    }
    if (Object.keys(positions).length) dispatch({ type: 'move', positions });
    if (selection)
      dispatch({
        type: 'select',
        nodeIds: [...selection],
        edgeIds: stateRef.current.selectedEdges,
      });
  };
  const onEdgesChange = (changes: EdgeChange[]) => {
    let selection: Set<string> | null = null;
    for (const change of changes) {
      if (change.type === 'select') {
        selection ??= new Set(stateRef.current.selectedEdges);
        if (change.selected) selection.add(change.id);
        else selection.delete(change.id);
      }
    }
    if (selection)
      dispatch({
        type: 'select',
        nodeIds: stateRef.current.selectedNodes,
        edgeIds: [...selection],
      });
  };
  const onConnect = (connection: Connection) => {
    const branch =
      connection.sourceHandle === 'yes' || connection.sourceHandle === 'no'
        ? (connection.sourceHandle as EdgeBranch)
        : undefined;
    dispatch({ type: 'connect', source: connection.source, target: connection.target, branch });
  };

  const undo = () => {
    dispatch({ type: 'undo' });
    setHistoryStep((step) => step + 1);
  };
  const redo = () => {
    dispatch({ type: 'redo' });
    setHistoryStep((step) => step + 1);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        dispatch({ type: 'deleteSelection' });
      } else if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (mod && key === 'y') {
        event.preventDefault();
        redo();
      } else if (mod && key === 'c') {
        dispatch({ type: 'copy' });
      } else if (mod && key === 'v') {
        event.preventDefault();
        dispatch({ type: 'paste', newId: newBlockId });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  /* ------------------------------------------------------------------------------ render */

  const selected =
    state.selectedNodes.length === 1
      ? state.nodes.find((node) => node.id === state.selectedNodes[0])
      : undefined;
  const count = problemCount(problems);

  return (
    <div
      className="-m-4 flex h-[calc(100vh-3.5rem)] min-h-[520px] flex-col bg-slate-50 lg:-m-6"
      data-testid="workflow-editor"
    >
      {leaveGuard}
      {/* The name is edited in place below; the page still has its heading for screen readers. */}
      <h1 className="sr-only">{workflow ? EDITOR_TEXT.editTitle : EDITOR_TEXT.newTitle}</h1>
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5">
        <Tooltip content={EDITOR_TEXT.back}>
          <Button variant="ghost" size="icon-sm" asChild>
            <Link to="/automation" aria-label={EDITOR_TEXT.back}>
              <ArrowLeft />
            </Link>
          </Button>
        </Tooltip>
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <input
              aria-label={EDITOR_TEXT.namePlaceholder}
              aria-invalid={Boolean(nameError)}
              value={name}
              placeholder={EDITOR_TEXT.namePlaceholder}
              maxLength={255}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
              className={cn(
                'h-8 max-w-[480px] min-w-[14ch] rounded-md [field-sizing:content] border border-transparent px-1.5 text-base font-semibold text-slate-900 outline-none placeholder:text-slate-400 hover:border-slate-200 focus:border-teal-600',
                nameError && 'border-red-500 hover:border-red-500',
              )}
            />
            <Badge variant={status === 'active' ? 'success' : 'secondary'}>
              {WORKFLOW_STATUS.label(status)}
            </Badge>
            {dirty && (
              <span className="text-xs whitespace-nowrap text-amber-600">
                ● {EDITOR_TEXT.unsaved}
              </span>
            )}
          </div>
          {nameError ? (
            <p role="alert" className="px-1.5 text-xs text-red-600">
              {nameError}
            </p>
          ) : (
            <input
              aria-label="Mô tả"
              value={description}
              placeholder={EDITOR_TEXT.descriptionPlaceholder}
              maxLength={1000}
              onChange={(event) => setDescription(event.target.value)}
              className="h-6 w-full max-w-[560px] rounded-md border border-transparent px-1.5 text-[13px] text-slate-500 outline-none placeholder:text-slate-400 hover:border-slate-200 focus:border-teal-600"
            />
          )}
        </div>
        {workflow && (
          <Button variant="ghost" size="sm" asChild>
            <Link to={`/automation/history/${workflow._id}`}>
              <History />
              {EDITOR_TEXT.history}
            </Link>
          </Button>
        )}
        <Button variant="outline" size="sm" disabled={save.isPending} onClick={() => submit(false)}>
          {save.isPending && save.variables === false && <Loader2 className="animate-spin" />}
          {status === 'draft' ? EDITOR_TEXT.saveDraft : EDITOR_TEXT.save}
        </Button>
        <Button size="sm" disabled={save.isPending} onClick={() => submit(true)}>
          {save.isPending && save.variables === true ? (
            <Loader2 className="animate-spin" />
          ) : (
            <Send />
          )}
          {EDITOR_TEXT.publish}
        </Button>
      </header>
      <div className="flex min-h-0 flex-1">
        <BlockPalette onAdd={(type) => addBlock(type)} />
        <div className="relative min-w-0 flex-1">
          <div className="absolute top-3 left-1/2 z-10 flex w-[min(560px,calc(100%-2rem))] -translate-x-1/2 flex-col gap-2">
            {count > 0 && (
              <div
                role="alert"
                data-testid="graph-problems"
                className="rounded-lg border border-red-200 bg-red-50 px-4 py-2.5 text-[13px] text-red-800 shadow-sm"
              >
                <div className="flex items-center gap-2 font-medium">
                  <CircleAlert className="size-4 shrink-0" aria-hidden />
                  {EDITOR_TEXT.problemsTitle(count)}
                </div>
                {problems.graph.length > 0 && (
                  <ul className="mt-1 list-disc pl-9">
                    {problems.graph.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            <SelfTriggerWarning steps={state} />
          </div>
          <div
            ref={wrapper}
            className={cn('size-full', tool === 'hand' && '[&_.react-flow__pane]:cursor-grab')}
            onDragOver={(event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
            }}
            onDrop={onDrop}
          >
            <ReactFlow<BlockFlowNode, Edge>
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onNodeDragStart={() => dispatch({ type: 'moveStart' })}
              onSelectionDragStart={() => dispatch({ type: 'moveStart' })}
              deleteKeyCode={null}
              selectionKeyCode={null}
              multiSelectionKeyCode={['Shift', 'Meta', 'Control']}
              panOnDrag={tool === 'hand' ? true : [1, 2]}
              selectionOnDrag={tool === 'pointer'}
              panOnScroll
              nodesDraggable={tool === 'pointer'}
              elementsSelectable={tool === 'pointer'}
              minZoom={0.25}
              maxZoom={2}
              fitView
              fitViewOptions={{ padding: 0.3, maxZoom: 1 }}
              proOptions={{ hideAttribution: true }}
              defaultEdgeOptions={{ type: 'smoothstep' }}
            >
              <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} color="#cbd5e1" />
            </ReactFlow>
          </div>
          <EditorToolbar
            tool={tool}
            onTool={setTool}
            canUndo={state.past.length > 0}
            canRedo={state.future.length > 0}
            canDelete={state.selectedNodes.length + state.selectedEdges.length > 0}
            onUndo={undo}
            onRedo={redo}
            onDelete={() => dispatch({ type: 'deleteSelection' })}
          />
        </div>
        <aside
          aria-label="Cấu hình khối"
          className="w-[340px] shrink-0 overflow-y-auto border-l 2xl:w-[400px] border-slate-200 bg-white"
        >
          {selected?.type === 'start' ? (
            <TriggerPanel
              key={`trigger:${historyStep}`}
              trigger={state.trigger}
              problems={problems.trigger}
              onChange={(trigger) => dispatch({ type: 'changeTrigger', trigger })}
            />
          ) : selected ? (
            <BlockPanel
              key={`${selected.id}:${historyStep}`}
              node={selected}
              problems={problems.nodes[selected.id]}
              onChange={(patch) => dispatch({ type: 'changeNode', id: selected.id, patch })}
            />
          ) : (
            <EmptyPanel />
          )}
        </aside>
      </div>
    </div>
  );
}

function EmptyPanel() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-5 px-8 text-center">
      <div>
        <p className="text-sm font-semibold text-slate-800">{EDITOR_TEXT.panelEmptyTitle}</p>
        <p className="mt-1 text-[13px] text-slate-500">{EDITOR_TEXT.panelEmptyHint}</p>
      </div>
      <div className="w-full rounded-lg border border-slate-200 p-3 text-left">
        <div className="mb-2 flex items-center gap-2 text-xs font-semibold text-slate-500 uppercase">
          <Keyboard className="size-3.5" aria-hidden />
          {EDITOR_TEXT.shortcuts}
        </div>
        <dl className="space-y-1.5 text-[13px]">
          {EDITOR_TEXT.shortcutList.map(([keys, what]) => (
            <div key={keys} className="flex items-center justify-between gap-3">
              <dt className="shrink-0">
                <kbd className="rounded border border-slate-200 bg-slate-50 px-1.5 py-0.5 font-mono text-[11px] whitespace-nowrap text-slate-700">
                  {keys}
                </kbd>
              </dt>
              <dd className="text-right text-slate-600">{what}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
