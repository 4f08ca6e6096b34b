import { describe, expect, it } from 'vitest';
import {
  organizationNodeView,
  type OrganizationNode,
} from '@omnicare/shared/organizations/organizations.schemas';
import { fixture } from '@/test/contract-fixtures';
import {
  branchIds,
  findOrganization,
  flattenTree,
  moveTargets,
  organizationPath,
  parentChoices,
  subtreeUserCount,
} from './organization-tree';

const node = (
  _id: string,
  name: string,
  parent_id: string | null,
  children: OrganizationNode[] = [],
  user_count = 0,
): OrganizationNode =>
  fixture('GET /v2/organizes', organizationNodeView, {
    _id,
    number: 1,
    name,
    parent_id,
    user_count,
    department_count: 0,
    customer_count: 0,
    children,
  });

// Trụ sở ─ Khối CSKH ─ Tổng đài ; Chi nhánh ─ Kinh doanh
const tree = [
  node(
    'hq',
    'Trụ sở',
    null,
    [node('cs', 'Khối CSKH', 'hq', [node('call', 'Tổng đài', 'cs', [], 4)], 2)],
    1,
  ),
  node('branch', 'Chi nhánh', null, [node('sales', 'Kinh doanh', 'branch')]),
];
const ids = (entries: { node: OrganizationNode }[]) => entries.map((entry) => entry.node._id);

describe('organization tree', () => {
  it('flattens parents before children, siblings in Vietnamese order, with depth and path', () => {
    const flat = flattenTree(tree);
    expect(ids(flat)).toEqual(['branch', 'sales', 'hq', 'cs', 'call']);
    expect(flat.map((entry) => entry.depth)).toEqual([0, 1, 0, 1, 2]);
    expect(flat[4]?.path).toEqual(['Trụ sở', 'Khối CSKH', 'Tổng đài']);
    expect(organizationPath(tree, 'call')).toEqual(['Trụ sở', 'Khối CSKH', 'Tổng đài']);
    expect(organizationPath(tree, 'missing')).toEqual([]);
  });

  it('finds nodes at any depth, and counts staff below a node', () => {
    expect(findOrganization(tree, 'call')?.name).toBe('Tổng đài');
    expect(findOrganization(tree, 'nope')).toBeNull();
    expect(subtreeUserCount(tree[0]!)).toBe(7);
    expect(branchIds(tree).sort()).toEqual(['branch', 'cs', 'hq']);
  });

  it('never offers a node itself or its descendants as a new parent', () => {
    expect(ids(parentChoices(tree, 'hq'))).toEqual(['branch', 'sales']);
    expect(ids(parentChoices(tree, 'cs'))).toEqual(['branch', 'sales', 'hq']);
    expect(ids(parentChoices(tree, 'call'))).toEqual(['branch', 'sales', 'hq', 'cs']);
  });

  it('move choices leave out the current parent and offer the root only when not there', () => {
    expect(moveTargets(tree, 'cs')).toMatchObject({ root: true });
    expect(ids(moveTargets(tree, 'cs').parents)).toEqual(['branch', 'sales']);
    const rootMove = moveTargets(tree, 'branch');
    expect(rootMove.root).toBe(false);
    expect(ids(rootMove.parents)).toEqual(['hq', 'cs', 'call']);
    expect(moveTargets(tree, 'unknown')).toEqual({ root: false, parents: [] });
  });
});
