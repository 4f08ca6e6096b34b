import type { OrganizationNode } from '@omnicare/shared/organizations/organizations.schemas';

export interface FlatOrganization {
  node: OrganizationNode;
  depth: number;
  /** Names from the root down to this node. */
  path: string[];
}

/** Depth-first, parents before their children, siblings sorted by name (Vietnamese order). */
export function flattenTree(nodes: readonly OrganizationNode[]): FlatOrganization[] {
  const result: FlatOrganization[] = [];
  const walk = (level: readonly OrganizationNode[], depth: number, path: string[]) => {
    const sorted = [...level].sort((a, b) => a.name.localeCompare(b.name, 'vi'));
    for (const node of sorted) {
      const here = [...path, node.name];
      result.push({ node, depth, path: here });
      walk(node.children ?? [], depth + 1, here);
    }
  };
  walk(nodes, 0, []);
  return result;
}

export function findOrganization(
  nodes: readonly OrganizationNode[],
  id: string,
): OrganizationNode | null {
  for (const node of nodes) {
    if (node._id === id) return node;
    const inner = findOrganization(node.children ?? [], id);
    if (inner) return inner;
  }
  return null;
}

/** The node itself and everything below it. */
export function subtreeIds(node: OrganizationNode): Set<string> {
  const ids = new Set<string>([node._id]);
  const walk = (children: readonly OrganizationNode[]) => {
    for (const child of children) {
      ids.add(child._id);
      walk(child.children ?? []);
    }
  };
  walk(node.children ?? []);
  return ids;
}

/** Every organization that may be the parent of `id`: all but itself and its descendants. */
export function parentChoices(tree: readonly OrganizationNode[], id: string): FlatOrganization[] {
  const node = findOrganization(tree, id);
  const excluded = node ? subtreeIds(node) : new Set([id]);
  return flattenTree(tree).filter((entry) => !excluded.has(entry.node._id));
}

/**
 * Where an organization may move: its possible parents (the server refuses cycles too) except
 * the one it already has; the root (`null`) is offered unless it is already there.
 */
export function moveTargets(
  tree: readonly OrganizationNode[],
  id: string,
): { root: boolean; parents: FlatOrganization[] } {
  const node = findOrganization(tree, id);
  if (!node) return { root: false, parents: [] };
  const parents = parentChoices(tree, id).filter((entry) => entry.node._id !== node.parent_id);
  return { root: node.parent_id !== null, parents };
}

/** Total staff in a node and its descendants. */
export function subtreeUserCount(node: OrganizationNode): number {
  return (node.children ?? []).reduce(
    (sum, child) => sum + subtreeUserCount(child),
    node.user_count ?? 0,
  );
}

/** Ids of every node that has children (to expand all). */
export function branchIds(nodes: readonly OrganizationNode[]): string[] {
  return flattenTree(nodes)
    .filter((entry) => (entry.node.children ?? []).length > 0)
    .map((entry) => entry.node._id);
}

/** The names from the root down to the organization, or [] when it is not in the tree. */
export function organizationPath(tree: readonly OrganizationNode[], id: string): string[] {
  return flattenTree(tree).find((entry) => entry.node._id === id)?.path ?? [];
}
