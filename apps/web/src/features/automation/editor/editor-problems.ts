import type { FieldError } from '@omnicare/shared/platform/errors';

/**
 * Problems of a graph, from `workflowGraphProblems` or a 422, sorted to where they show:
 * `nodes.<id>.<field>` on the block and the side panel's field, `trigger.<field>` on the
 * trigger panel, `graph` (and anything else) in the banner.
 */
export interface EditorProblems {
  nodes: Record<string, Record<string, string>>;
  trigger: Record<string, string>;
  graph: string[];
}

export const NO_PROBLEMS: EditorProblems = { nodes: {}, trigger: {}, graph: [] };

export function sortProblems(
  problems: readonly FieldError[],
  nodeIds: readonly string[],
): EditorProblems {
  const result: EditorProblems = { nodes: {}, trigger: {}, graph: [] };
  // Ids may hold '_' and '-' but no '.', so the id ends at the first dot after 'nodes.'.
  const ids = new Set(nodeIds);
  for (const { param, message } of problems) {
    const node = /^nodes\.([^.]+)(?:\.(.+))?$/.exec(param);
    if (node && ids.has(node[1]!)) {
      const field = (node[2] ?? 'data').replace(/^data\./, '');
      const own = (result.nodes[node[1]!] ??= {});
      // A block may break several rules of the graph at once (unjoined both ways): keep each.
      if (field === 'edges' && own.edges && !Object.values(own).includes(message))
        own[`edges.${Object.keys(own).filter((key) => key.startsWith('edges')).length}`] = message;
      else own[field] ??= message;
      continue;
    }
    const trigger = /^trigger\.(.+)$/.exec(param);
    if (trigger) {
      result.trigger[trigger[1]!] ??= message;
      continue;
    }
    if (!result.graph.includes(message)) result.graph.push(message);
  }
  return result;
}

export const problemCount = (problems: EditorProblems) =>
  Object.keys(problems.nodes).length + Object.keys(problems.trigger).length + problems.graph.length;

/** The first message of a field and the fields below it (`conditions.items.0.value` under `conditions`). */
export function messageUnder(
  fields: Record<string, string> | undefined,
  path: string,
): string | undefined {
  if (!fields) return undefined;
  if (fields[path]) return fields[path];
  const prefix = `${path}.`;
  const key = Object.keys(fields).find((field) => field.startsWith(prefix));
  return key ? fields[key] : undefined;
}

/**
 * A block's problems that belong to no field of its panel (how it is joined, its type, its data
 * as a whole): the panel lists them at its top so a flagged block always says what is wrong.
 */
export function blockLevelMessages(fields: Record<string, string> | undefined): string[] {
  return Object.entries(fields ?? {})
    .filter(([field]) => /^(edges(\.\d+)?|type|data)$/.test(field))
    .map(([, message]) => message);
}

/** Whether a block's problems are about how it is joined to the others. */
export const hasEdgeProblem = (fields: Record<string, string> | undefined) =>
  Object.keys(fields ?? {}).some((field) => field === 'edges' || field.startsWith('edges.'));
