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
      own[field] ??= message;
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
