import { describe, expect, it } from 'vitest';
import {
  PASTE_OFFSET,
  editorReducer,
  initialEditorState,
  newBlock,
  starterSteps,
  toSteps,
  type EditorAction,
  type EditorState,
} from './editor-store';

const counter = () => {
  let next = 0;
  return () => `n${(next += 1)}`;
};

const run = (state: EditorState, ...actions: EditorAction[]) =>
  actions.reduce(editorReducer, state);

/** start(n1) → end(n2), plus a delay block n3 not yet joined. */
function base() {
  const newId = counter();
  const state = initialEditorState(starterSteps(newId));
  return run(state, {
    type: 'add',
    node: newBlock('delay', 'n3', { x: 0, y: 160 }, { amount: 1, unit: 'hours' }),
  });
}

describe('editor history', () => {
  it('undoes and redoes an added block', () => {
    const added = base();
    expect(added.nodes.map((node) => node.id)).toEqual(['n1', 'n2', 'n3']);
    expect(added.past.at(-1)?.kind).toBe('add');
    const undone = editorReducer(added, { type: 'undo' });
    expect(undone.nodes.map((node) => node.id)).toEqual(['n1', 'n2']);
    expect(undone.future.at(-1)?.kind).toBe('add');
    const redone = editorReducer(undone, { type: 'redo' });
    expect(redone.nodes.map((node) => node.id)).toEqual(['n1', 'n2', 'n3']);
    expect(redone.past.at(-1)?.kind).toBe('add');
  });

  it('undoes and redoes a connection, which replaces the old way out of the same handle', () => {
    const connected = run(base(), { type: 'connect', source: 'n1', target: 'n3' });
    expect(connected.past.at(-1)?.kind).toBe('connect');
    expect(toSteps(connected).edges).toEqual([{ source: 'n1', target: 'n3' }]);
    const undone = editorReducer(connected, { type: 'undo' });
    expect(toSteps(undone).edges).toEqual([{ source: 'n1', target: 'n2' }]);
    expect(toSteps(editorReducer(undone, { type: 'redo' })).edges).toEqual([
      { source: 'n1', target: 'n3' },
    ]);
  });

  it('keeps both labelled ways out of a branch', () => {
    const state = run(
      base(),
      { type: 'add', node: newBlock('branch', 'b', { x: 0, y: 0 }) },
      { type: 'connect', source: 'b', target: 'n3', branch: 'yes' },
      { type: 'connect', source: 'b', target: 'n2', branch: 'no' },
    );
    expect(toSteps(state).edges.filter((edge) => edge.source === 'b')).toEqual([
      { source: 'b', target: 'n3', branch: 'yes' },
      { source: 'b', target: 'n2', branch: 'no' },
    ]);
  });

  it('undoes and redoes a delete of blocks with their edges, but never deletes the start', () => {
    const joined = run(base(), { type: 'connect', source: 'n3', target: 'n2' });
    const deleted = run(
      joined,
      { type: 'select', nodeIds: ['n1', 'n3'], edgeIds: [] },
      { type: 'deleteSelection' },
    );
    expect(deleted.past.at(-1)?.kind).toBe('delete');
    expect(deleted.nodes.map((node) => node.id)).toEqual(['n1', 'n2']);
    expect(deleted.edges.map((edge) => [edge.source, edge.target])).toEqual([['n1', 'n2']]);
    const undone = editorReducer(deleted, { type: 'undo' });
    expect(undone.nodes.map((node) => node.id)).toEqual(['n1', 'n2', 'n3']);
    expect(undone.edges).toHaveLength(2);
    expect(editorReducer(undone, { type: 'redo' }).nodes).toHaveLength(2);
  });

  it('deletes a selected edge alone', () => {
    const state = base();
    const edge = state.edges[0]!.id;
    const deleted = run(
      state,
      { type: 'select', nodeIds: [], edgeIds: [edge] },
      { type: 'deleteSelection' },
    );
    expect(deleted.edges).toEqual([]);
    expect(deleted.nodes).toHaveLength(3);
  });

  it('joins successive changes of one block into one entry, undone at once', () => {
    const typed = run(
      base(),
      { type: 'changeNode', id: 'n3', patch: { data: { amount: 2, unit: 'hours' } } },
      { type: 'changeNode', id: 'n3', patch: { data: { amount: 25, unit: 'hours' } } },
    );
    expect(typed.past.map((entry) => entry.kind)).toEqual(['add', 'change']);
    const undone = editorReducer(typed, { type: 'undo' });
    expect(undone.nodes.find((node) => node.id === 'n3')?.data).toEqual({
      amount: 1,
      unit: 'hours',
    });
    expect(
      editorReducer(undone, { type: 'redo' }).nodes.find((node) => node.id === 'n3')?.data,
    ).toEqual({
      amount: 25,
      unit: 'hours',
    });
  });

  it('makes a new entry once another block is selected in between', () => {
    const state = run(
      base(),
      { type: 'changeNode', id: 'n3', patch: { name: 'A' } },
      { type: 'select', nodeIds: ['n2'], edgeIds: [] },
      { type: 'changeNode', id: 'n3', patch: { name: 'B' } },
    );
    expect(state.past.map((entry) => entry.kind)).toEqual(['add', 'change', 'change']);
    expect(
      editorReducer(state, { type: 'undo' }).nodes.find((node) => node.id === 'n3')?.name,
    ).toBe('A');
  });

  it('undoes a trigger change and a move as change events', () => {
    const state = base();
    const changed = run(state, {
      type: 'changeTrigger',
      trigger: { ...state.trigger, title: 'Ticket mới' },
    });
    expect(changed.past.at(-1)?.kind).toBe('change');
    expect(editorReducer(changed, { type: 'undo' }).trigger.title).toBe('Ticket được tạo');

    const moved = run(
      state,
      { type: 'moveStart' },
      { type: 'move', positions: { n3: { x: 5, y: 6 } } },
      {
        type: 'move',
        positions: { n3: { x: 50, y: 60 } },
      },
    );
    expect(moved.past.map((entry) => entry.kind)).toEqual(['add', 'change']);
    expect(
      editorReducer(moved, { type: 'undo' }).nodes.find((node) => node.id === 'n3')?.position,
    ).toEqual({
      x: 0,
      y: 160,
    });
  });

  it('drops the redo stack after a new event', () => {
    const undone = editorReducer(base(), { type: 'undo' });
    const added = editorReducer(undone, {
      type: 'add',
      node: newBlock('end', 'x', { x: 0, y: 0 }),
    });
    expect(added.future).toEqual([]);
    expect(editorReducer(added, { type: 'redo' })).toBe(added);
  });
});

describe('copy and paste', () => {
  it('pastes the selected blocks with new ids, offset, keeping only the edges between them', () => {
    const state = run(
      base(),
      {
        type: 'add',
        node: newBlock('send_email', 'm', { x: 100, y: 200 }, { recipients: ['cc'] }),
      },
      { type: 'connect', source: 'n3', target: 'm' },
      { type: 'connect', source: 'm', target: 'n2' },
      { type: 'select', nodeIds: ['n3', 'm'], edgeIds: [] },
      { type: 'copy' },
    );
    const newId = counter();
    const pasted = editorReducer(state, { type: 'paste', newId: () => `p${newId()}` });
    expect(pasted.past.at(-1)?.kind).toBe('paste');
    const added = pasted.nodes.slice(state.nodes.length);
    expect(added.map((node) => [node.id, node.type, node.position])).toEqual([
      ['pn1', 'delay', { x: PASTE_OFFSET, y: 160 + PASTE_OFFSET }],
      ['pn2', 'send_email', { x: 100 + PASTE_OFFSET, y: 200 + PASTE_OFFSET }],
    ]);
    // The edge n3 → m comes along as pn1 → pn2; m → n2 leaves the copied set and does not.
    expect(
      pasted.edges.slice(state.edges.length).map((edge) => [edge.source, edge.target]),
    ).toEqual([['pn1', 'pn2']]);
    expect(pasted.selectedNodes).toEqual(['pn1', 'pn2']);
    // The copy's data is its own.
    expect(added[1]!.data).toEqual({ recipients: ['cc'] });
    expect(added[1]!.data).not.toBe(state.nodes.find((node) => node.id === 'm')!.data);

    const undone = editorReducer(pasted, { type: 'undo' });
    expect(undone.nodes).toHaveLength(state.nodes.length);
    expect(undone.edges).toHaveLength(state.edges.length);
  });

  it('pastes twice at growing offsets and never copies the start block', () => {
    const count = counter();
    const newId = () => `copy-${count()}`;
    const state = run(
      base(),
      { type: 'select', nodeIds: ['n1', 'n3'], edgeIds: [] },
      { type: 'copy' },
    );
    expect(state.clipboard?.nodes.map((node) => node.id)).toEqual(['n3']);
    const twice = run(state, { type: 'paste', newId }, { type: 'paste', newId });
    expect(twice.nodes.slice(-2).map((node) => node.position.y)).toEqual([
      160 + PASTE_OFFSET,
      160 + 2 * PASTE_OFFSET,
    ]);
    expect(new Set(twice.nodes.map((node) => node.id)).size).toBe(twice.nodes.length);
  });
});

describe('a block clicked in the palette', () => {
  const starter = () => initialEditorState(starterSteps(counter()));
  const update = (id: string) => newBlock('update_ticket', id, { x: 500, y: 500 });
  const pairs = (state: EditorState) =>
    toSteps(state).edges.map((edge) => [edge.source, edge.target, edge.branch ?? null]);

  it('goes at the end of the only path, joined both ways, and undoes as one step', () => {
    const state = run(starter(), { type: 'insert', node: update('u') });
    expect(pairs(state)).toEqual([
      ['n1', 'u', null],
      ['u', 'n2', null],
    ]);
    expect(state.selectedNodes).toEqual(['u']);
    expect(state.past.at(-1)?.kind).toBe('add');
    // It takes the end block's place; the end block moves down.
    expect(state.nodes.find((node) => node.id === 'u')?.position).toEqual({ x: 0, y: 240 });
    expect(state.nodes.find((node) => node.id === 'n2')?.position.y).toBeGreaterThan(240);
    const undone = editorReducer(state, { type: 'undo' });
    expect(undone.nodes.map((node) => node.id)).toEqual(['n1', 'n2']);
    expect(pairs(undone)).toEqual([['n1', 'n2', null]]);
    expect(pairs(editorReducer(undone, { type: 'redo' }))).toEqual(pairs(state));
  });

  it('follows the last added block, so clicks build a chain', () => {
    const state = run(
      starter(),
      { type: 'insert', node: update('a') },
      { type: 'insert', node: update('b') },
    );
    expect(pairs(state)).toEqual([
      ['n1', 'a', null],
      ['a', 'b', null],
      ['b', 'n2', null],
    ]);
  });

  it('goes into the selected edge', () => {
    const chained = run(starter(), { type: 'insert', node: update('a') });
    const edge = chained.edges.find((item) => item.source === 'n1')!;
    const state = run(
      chained,
      { type: 'select', nodeIds: [], edgeIds: [edge.id] },
      { type: 'insert', node: update('b') },
    );
    expect(pairs(state)).toEqual([
      ['a', 'n2', null],
      ['n1', 'b', null],
      ['b', 'a', null],
    ]);
  });

  it('goes after the selected block, keeping the branch label of the way it took', () => {
    const withBranch = run(
      starter(),
      { type: 'insert', node: newBlock('branch', 'br', { x: 0, y: 0 }) },
      { type: 'select', nodeIds: ['br'], edgeIds: [] },
    );
    // The branch's 'Có' way already leads to the end; the click fills its 'Không' way.
    expect(pairs(withBranch)).toEqual([
      ['n1', 'br', null],
      ['br', 'n2', 'yes'],
    ]);
    const state = run(withBranch, { type: 'insert', node: update('u') });
    expect(pairs(state)).toContainEqual(['br', 'u', 'no']);
    const afterStart = run(
      state,
      { type: 'select', nodeIds: ['n1'], edgeIds: [] },
      { type: 'insert', node: update('v') },
    );
    expect(pairs(afterStart)).toContainEqual(['n1', 'v', null]);
    expect(pairs(afterStart)).toContainEqual(['v', 'br', null]);
    expect(pairs(afterStart)).not.toContainEqual(['n1', 'br', null]);
  });

  it('stays unjoined where it was placed when the place is not clear', () => {
    const branching = run(
      starter(),
      { type: 'insert', node: newBlock('branch', 'br', { x: 0, y: 0 }) },
      { type: 'select', nodeIds: ['br'], edgeIds: [] },
      { type: 'insert', node: update('u') },
      { type: 'select', nodeIds: [], edgeIds: [] },
    );
    const state = run(branching, { type: 'insert', node: update('x') });
    expect(state.edges).toEqual(branching.edges);
    expect(state.nodes.find((node) => node.id === 'x')?.position).toEqual({ x: 500, y: 500 });
  });
});
