import type {
  EDITOR_HISTORY_EVENT,
  WorkflowBlockType,
} from '@omnicare/shared/automation/workflow-enums';
import type {
  EdgeBranch,
  WorkflowEdge,
  WorkflowNode,
  WorkflowSteps,
  WorkflowTrigger,
} from '@omnicare/shared/automation/workflow-blocks';
import { WORKFLOW_BLOCK_TYPE, WORKFLOW_TRIGGER } from '@omnicare/shared/automation/workflow-enums';

/**
 * The editor's whole state in one reducer: the graph (blocks, edges, trigger), the selection,
 * the clipboard and an undo/redo history whose entries carry the spec's event kinds.
 * The canvas (React Flow) is a view of it; nothing else holds the graph.
 */

export type HistoryKind = (typeof EDITOR_HISTORY_EVENT)[number];

export interface EditorEdge extends WorkflowEdge {
  id: string;
}

export interface GraphSnapshot {
  nodes: WorkflowNode[];
  edges: EditorEdge[];
  trigger: WorkflowTrigger;
}

export interface HistoryEntry {
  kind: HistoryKind;
  /** The graph before the event. */
  before: GraphSnapshot;
  /** Successive changes with the same key (typing in one field) are one entry. */
  key?: string;
}

export interface EditorState extends GraphSnapshot {
  selectedNodes: string[];
  selectedEdges: string[];
  past: HistoryEntry[];
  future: HistoryEntry[];
  clipboard: { nodes: WorkflowNode[]; edges: EditorEdge[] } | null;
  /** Bumped by every change of the graph; the page compares it with the saved one. */
  revision: number;
  /** The key of the last history entry while the same change goes on. */
  openKey: string | null;
}

export const HISTORY_LIMIT = 100;
export const PASTE_OFFSET = 40;
/** How far the blocks after an inserted one move down to make room for it. */
export const INSERT_STEP = 140;

export type EditorAction =
  | { type: 'load'; steps: WorkflowSteps }
  | { type: 'add'; node: WorkflowNode }
  /** A block clicked in the palette: joined in where the selection (or the only path) says. */
  | { type: 'insert'; node: WorkflowNode }
  | { type: 'connect'; source: string; target: string; branch?: EdgeBranch }
  | { type: 'delete'; nodeIds?: string[]; edgeIds?: string[] }
  | { type: 'deleteSelection' }
  | {
      type: 'changeNode';
      id: string;
      patch: Partial<Pick<WorkflowNode, 'name' | 'data'>>;
      key?: string;
    }
  | { type: 'changeTrigger'; trigger: WorkflowTrigger; key?: string }
  /** A block moved: one history entry from the start of the drag. */
  | { type: 'moveStart' }
  | { type: 'move'; positions: Record<string, { x: number; y: number }> }
  | { type: 'select'; nodeIds: string[]; edgeIds: string[] }
  | { type: 'copy' }
  | { type: 'paste'; newId: () => string }
  | { type: 'undo' }
  | { type: 'redo' };

const emptyTrigger: WorkflowTrigger = {
  target: 'tickets',
  event: 'ticket_created',
  // Named after its event until the user names it otherwise.
  title: WORKFLOW_TRIGGER.label('ticket_created'),
  conditions: { logic: 'and', items: [] },
};

export const edgeId = (edge: WorkflowEdge) =>
  `e_${edge.source}_${edge.branch ?? 'out'}_${edge.target}`;

const withIds = (edges: WorkflowEdge[]): EditorEdge[] =>
  edges.map((edge) => ({ ...edge, id: edgeId(edge) }));

export function initialEditorState(steps?: Partial<WorkflowSteps>): EditorState {
  return {
    nodes: steps?.nodes ?? [],
    edges: withIds(steps?.edges ?? []),
    trigger: steps?.trigger ?? emptyTrigger,
    selectedNodes: [],
    selectedEdges: [],
    past: [],
    future: [],
    clipboard: null,
    revision: 0,
    openKey: null,
  };
}

/** A new workflow: a start block joined to an end block. */
export function starterSteps(newId: () => string): WorkflowSteps {
  const start = newId();
  const end = newId();
  return {
    trigger: emptyTrigger,
    nodes: [
      {
        id: start,
        type: 'start',
        name: WORKFLOW_BLOCK_TYPE.label('start'),
        data: {},
        position: { x: 0, y: 0 },
      },
      {
        id: end,
        type: 'end',
        name: WORKFLOW_BLOCK_TYPE.label('end'),
        data: {},
        position: { x: 0, y: 240 },
      },
    ],
    edges: [{ source: start, target: end }],
  };
}

/** The graph as the API takes it (`workflow_steps`). */
export function toSteps(state: GraphSnapshot): WorkflowSteps {
  return {
    trigger: state.trigger,
    nodes: state.nodes,
    edges: state.edges.map(({ source, target, branch }) =>
      branch ? { source, target, branch } : { source, target },
    ),
  };
}

const snapshot = (state: EditorState): GraphSnapshot => ({
  nodes: state.nodes,
  edges: state.edges,
  trigger: state.trigger,
});

/** Applies a change of the graph and records it as one history entry (or joins the open one). */
function record(
  state: EditorState,
  kind: HistoryKind,
  next: Partial<EditorState>,
  key?: string,
): EditorState {
  const joins = key !== undefined && state.openKey === key && state.past.at(-1)?.key === key;
  const past = joins
    ? state.past
    : [...state.past, { kind, before: snapshot(state), key }].slice(-HISTORY_LIMIT);
  return {
    ...state,
    ...next,
    past,
    future: [],
    revision: state.revision + 1,
    openKey: key ?? null,
  };
}

const known = (ids: string[], pool: { id: string }[]) => {
  const set = new Set(pool.map((item) => item.id));
  return ids.filter((id) => set.has(id));
};

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return { ...initialEditorState(action.steps), revision: 0 };
    case 'add':
      return record(state, 'add', {
        nodes: [...state.nodes, action.node],
        selectedNodes: [action.node.id],
        selectedEdges: [],
      });
    case 'insert':
      return insertBlock(state, action.node);
    case 'connect': {
      const { source, target, branch } = action;
      if (source === target) return state;
      const edge: EditorEdge = { source, target, ...(branch ? { branch } : {}), id: '' };
      edge.id = edgeId(edge);
      // One way out of a handle: a new connection from it replaces the old one.
      const kept = state.edges.filter(
        (existing) =>
          !(existing.source === source && (existing.branch ?? null) === (branch ?? null)),
      );
      return record(state, 'connect', { edges: [...kept, edge] });
    }
    case 'deleteSelection':
      return editorReducer(state, {
        type: 'delete',
        nodeIds: state.selectedNodes,
        edgeIds: state.selectedEdges,
      });
    case 'delete': {
      const nodeIds = new Set(action.nodeIds ?? []);
      // The start block stays: every workflow has exactly one.
      for (const node of state.nodes) if (node.type === 'start') nodeIds.delete(node.id);
      const edgeIds = new Set(action.edgeIds ?? []);
      const edges = state.edges.filter(
        (edge) => !edgeIds.has(edge.id) && !nodeIds.has(edge.source) && !nodeIds.has(edge.target),
      );
      if (nodeIds.size === 0 && edges.length === state.edges.length) return state;
      return record(state, 'delete', {
        nodes: state.nodes.filter((node) => !nodeIds.has(node.id)),
        edges,
        selectedNodes: state.selectedNodes.filter((id) => !nodeIds.has(id)),
        selectedEdges: [],
      });
    }
    case 'changeNode': {
      const nodes = state.nodes.map((node) =>
        node.id === action.id ? { ...node, ...action.patch } : node,
      );
      return record(state, 'change', { nodes }, action.key ?? `node:${action.id}`);
    }
    case 'changeTrigger':
      return record(state, 'change', { trigger: action.trigger }, action.key ?? 'trigger');
    case 'moveStart':
      return record(state, 'change', {});
    case 'move': {
      const nodes = state.nodes.map((node) => {
        const moved = action.positions[node.id];
        return moved ? { ...node, position: moved } : node;
      });
      return { ...state, nodes, revision: state.revision + 1 };
    }
    case 'select':
      return {
        ...state,
        selectedNodes: known(action.nodeIds, state.nodes),
        selectedEdges: known(action.edgeIds, state.edges),
        openKey: null,
      };
    case 'copy': {
      const ids = new Set(state.selectedNodes);
      const nodes = state.nodes.filter((node) => ids.has(node.id) && node.type !== 'start');
      if (nodes.length === 0) return state;
      const kept = new Set(nodes.map((node) => node.id));
      const edges = state.edges.filter((edge) => kept.has(edge.source) && kept.has(edge.target));
      return { ...state, clipboard: { nodes, edges } };
    }
    case 'paste': {
      if (!state.clipboard) return state;
      const ids = new Map(state.clipboard.nodes.map((node) => [node.id, action.newId()]));
      const nodes = state.clipboard.nodes.map((node) => ({
        ...node,
        id: ids.get(node.id) as string,
        data: structuredClone(node.data),
        position: { x: node.position.x + PASTE_OFFSET, y: node.position.y + PASTE_OFFSET },
      }));
      const edges = state.clipboard.edges.map((edge) => {
        const copy: EditorEdge = {
          ...edge,
          source: ids.get(edge.source) as string,
          target: ids.get(edge.target) as string,
        };
        return { ...copy, id: edgeId(copy) };
      });
      const next = record(state, 'paste', {
        nodes: [...state.nodes, ...nodes],
        edges: [...state.edges, ...edges],
        selectedNodes: nodes.map((node) => node.id),
        selectedEdges: [],
      });
      // A second paste lands further on, like the first did from the original.
      return { ...next, clipboard: { nodes, edges } };
    }
    case 'undo': {
      const entry = state.past.at(-1);
      if (!entry) return state;
      return {
        ...state,
        ...entry.before,
        past: state.past.slice(0, -1),
        future: [...state.future, { kind: entry.kind, before: snapshot(state) }],
        selectedNodes: known(state.selectedNodes, entry.before.nodes),
        selectedEdges: [],
        revision: state.revision + 1,
        openKey: null,
      };
    }
    case 'redo': {
      const entry = state.future.at(-1);
      if (!entry) return state;
      return {
        ...state,
        ...entry.before,
        future: state.future.slice(0, -1),
        past: [...state.past, { kind: entry.kind, before: snapshot(state) }],
        selectedNodes: known(state.selectedNodes, entry.before.nodes),
        selectedEdges: [],
        revision: state.revision + 1,
        openKey: null,
      };
    }
  }
}

/**
 * Where a clicked block goes: into the selected edge; after the selected block (into its one
 * way out, or onto a way out it lacks); else at the end of the only path from the start block
 * (before its end block). `target` is absent when the block becomes the path's last one.
 * Null when none of these is clear (several ways out, several selected, a branching graph).
 */
export function insertionPoint(
  state: GraphSnapshot & Pick<EditorState, 'selectedNodes' | 'selectedEdges'>,
): { source: string; target?: string; branch?: EdgeBranch } | null {
  const asPoint = (edge: WorkflowEdge) => ({
    source: edge.source,
    target: edge.target,
    ...(edge.branch ? { branch: edge.branch } : {}),
  });
  const outOf = (id: string) => state.edges.filter((edge) => edge.source === id);
  const total = state.selectedNodes.length + state.selectedEdges.length;
  if (total > 1) return null;
  if (state.selectedEdges.length === 1) {
    const edge = state.edges.find((item) => item.id === state.selectedEdges[0]);
    return edge ? asPoint(edge) : null;
  }
  if (state.selectedNodes.length === 1) {
    const node = state.nodes.find((item) => item.id === state.selectedNodes[0]);
    if (!node) return null;
    const out = outOf(node.id);
    if (node.type === 'end') {
      // After the end means just before it, when one edge leads there.
      const into = state.edges.filter((edge) => edge.target === node.id);
      return into.length === 1 ? asPoint(into[0]!) : null;
    }
    if (node.type === 'branch') {
      const free = (['yes', 'no'] as const).find((b) => !out.some((edge) => edge.branch === b));
      return free ? { source: node.id, branch: free } : null;
    }
    if (out.length === 0) return { source: node.id };
    return out.length === 1 ? asPoint(out[0]!) : null;
  }
  // Nothing selected: follow the only path from the start block.
  if (state.nodes.some((node) => outOf(node.id).length > 1)) return null;
  const start = state.nodes.find((node) => node.type === 'start');
  if (!start) return null;
  const seen = new Set<string>();
  let at = start;
  for (;;) {
    seen.add(at.id);
    const next = outOf(at.id)[0];
    const target = next && state.nodes.find((node) => node.id === next.target);
    if (!next || !target) return at.type === 'end' ? null : { source: at.id };
    if (target.type === 'end' || seen.has(target.id)) return asPoint(next);
    at = target;
  }
}

/** Adds a block joined in at `insertionPoint`, or alone where it was placed when there is none. */
function insertBlock(state: EditorState, block: WorkflowNode): EditorState {
  const point = insertionPoint(state);
  // An end block has no way out, so it only closes a path, never splits an edge.
  if (!point || (block.type === 'end' && point.target))
    return editorReducer(state, { type: 'add', node: block });
  const source = state.nodes.find((node) => node.id === point.source);
  const target = state.nodes.find((node) => node.id === point.target);
  const added: EditorEdge[] = [];
  const join = (edge: WorkflowEdge) => added.push({ ...edge, id: edgeId(edge) });
  join({
    source: point.source,
    target: block.id,
    ...(point.branch ? { branch: point.branch } : {}),
  });
  if (target)
    join({
      source: block.id,
      target: target.id,
      ...(block.type === 'branch' ? { branch: 'yes' as const } : {}),
    });
  const edges = [
    ...state.edges.filter(
      (edge) => !(edge.source === point.source && (edge.branch ?? null) === (point.branch ?? null)),
    ),
    ...added,
  ];
  // The new block takes the target's place and everything after it moves down a step.
  const position = target
    ? target.position
    : source
      ? { x: source.position.x, y: source.position.y + INSERT_STEP }
      : block.position;
  const below = target ? downstreamOf(target.id, state.edges) : new Set<string>();
  const nodes = [
    ...state.nodes.map((node) =>
      below.has(node.id)
        ? { ...node, position: { x: node.position.x, y: node.position.y + INSERT_STEP } }
        : node,
    ),
    { ...block, position },
  ];
  return record(state, 'add', { nodes, edges, selectedNodes: [block.id], selectedEdges: [] });
}

/** A block and every block reachable from it. */
function downstreamOf(id: string, edges: WorkflowEdge[]): Set<string> {
  const found = new Set<string>([id]);
  const queue = [id];
  while (queue.length) {
    const current = queue.shift() as string;
    for (const edge of edges)
      if (edge.source === current && !found.has(edge.target)) {
        found.add(edge.target);
        queue.push(edge.target);
      }
  }
  return found;
}

/** A new block of a type, named by its label, at a place on the canvas. */
export function newBlock(
  type: WorkflowBlockType,
  id: string,
  position: { x: number; y: number },
  data: Record<string, unknown> = {},
): WorkflowNode {
  return { id, type, name: WORKFLOW_BLOCK_TYPE.label(type), data, position };
}

/** Block ids the API accepts (letters, digits, '_' and '-'). */
export const newBlockId = () => `b_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
