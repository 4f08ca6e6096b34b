import type { FieldError } from '../platform/errors.js';
import type { WorkflowSteps } from './workflow-blocks.js';

/**
 * Secrets in a workflow's definition: never in an answer, kept when a save sends the mask back.
 *
 * What is secret (only the webhook block holds any: SMS and ZNS blocks name a template, their
 * credentials live in the tenant's settings):
 * - a header whose name is secret-looking (`isSecretName`): Authorization, Proxy-Authorization,
 *   Cookie, X-Api-Key, anything with token, secret, key, auth, password, signature, credential
 *   or session in it, any case (the engine's own `Idempotency-Key` is not);
 * - the password of the URL's user information (`https://user:password@host/`);
 * - the value of a query parameter with a secret-looking name (`?api_key=...&token=...`).
 *
 * Every answer holding a definition (list, detail, a save's, a copy's) shows them as
 * `SECRET_MASK` (`maskWorkflowSecrets`), and so does a run's trace (`maskBlockSecrets` on the
 * step's input, `maskHeaderValues` / `maskUrlSecrets` on the webhook's request and answer). A
 * save sending the mask back keeps the stored value of the same block id and header name (URL
 * password, query parameter) while the block's URL keeps its `scheme://host:port`
 * (`restoreWorkflowSecrets`); a mask with nothing to keep (a new block, a renamed header, a new
 * workflow, a URL to another host) is refused with 422 at that field.
 */

/** What an answer shows instead of a secret value. */
export const SECRET_MASK = '••••••••';

export const WORKFLOW_SECRET_MESSAGES = {
  /** The save's 422 message. */
  summary: 'Vui lòng nhập lại các giá trị bí mật được đánh dấu',
  /** A field holding the mask where no stored value is there to keep. */
  maskedWithoutValue:
    'Giá trị bí mật đang được ẩn và không có giá trị đã lưu để giữ lại, vui lòng nhập giá trị',
  /** The block's URL now goes to another host: its secrets must be typed again. */
  destinationChanged: 'Địa chỉ gọi tới đã thay đổi, vui lòng nhập lại giá trị bí mật',
} as const;

const SECRET_NAME = /auth|cookie|token|secret|key|password|passwd|signature|credential|session/i;
/** Headers the engine sets itself, whose value is no secret. */
const NOT_SECRET = new Set(['idempotency-key']);

/** Is a header (or query parameter) of this name one whose value is masked? */
export const isSecretName = (name: string): boolean =>
  SECRET_NAME.test(name) && !NOT_SECRET.has(name.toLowerCase());

/** Header values with the secret-looking ones masked (empty values stay empty). */
export function maskHeaderValues(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      value !== '' && isSecretName(name) ? SECRET_MASK : value,
    ]),
  );
}

/* ---------------------------------------------------------------------------- URLs */

/**
 * A URL cut into the parts that may hold secrets, as text (a URL with `{{placeholders}}` is
 * not one the URL parser would keep as written): `head` (`scheme://` and the user name),
 * `password` (null without one), `host` (from the `@`, or the authority), `path`, `query`
 * (its `name=value` pieces, null without a `?`), `fragment` (with its `#`).
 */
interface UrlParts {
  head: string;
  password: string | null;
  host: string;
  path: string;
  query: string[] | null;
  fragment: string;
}

function splitUrl(url: string): UrlParts | null {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/is.exec(url);
  if (!match) return null;
  const [, scheme = '', authority = '', path = '', search, fragment = ''] = match;
  const at = authority.lastIndexOf('@');
  const userinfo = at >= 0 ? authority.slice(0, at) : null;
  const colon = userinfo?.indexOf(':') ?? -1;
  return {
    head: scheme + (userinfo === null ? '' : colon >= 0 ? userinfo.slice(0, colon) : userinfo),
    password: userinfo !== null && colon >= 0 ? userinfo.slice(colon + 1) : null,
    host: at >= 0 ? authority.slice(at) : authority,
    path,
    query: search === undefined ? null : search.slice(1).split('&'),
    fragment,
  };
}

const joinUrl = (parts: UrlParts) =>
  `${parts.head}${parts.password === null ? '' : `:${parts.password}`}${parts.host}${parts.path}${
    parts.query === null ? '' : `?${parts.query.join('&')}`
  }${parts.fragment}`;

function paramName(piece: string): string {
  const name = piece.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

const paramValue = (piece: string): string | null => {
  const index = piece.indexOf('=');
  return index < 0 ? null : piece.slice(index + 1);
};

/** A URL with its password and secret-looking query values masked (anything else as it is). */
export function maskUrlSecrets(url: string): string {
  const parts = splitUrl(url);
  if (!parts) return url;
  if (parts.password) parts.password = SECRET_MASK;
  parts.query =
    parts.query?.map((piece) =>
      paramValue(piece) && isSecretName(paramName(piece))
        ? `${piece.split('=', 1)[0]}=${SECRET_MASK}`
        : piece,
    ) ?? null;
  return joinUrl(parts);
}

/**
 * The URL sent by a save with each masked part taken from the stored URL (the password; a
 * query value by the parameter's name and its rank among those of that name); `ok: false`
 * when a mask has nothing stored to keep.
 */
function restoreUrl(url: string, stored: string | undefined): { url: string; ok: boolean } {
  if (!url.includes(SECRET_MASK)) return { url, ok: true };
  const parts = splitUrl(url);
  const before = stored === undefined ? null : splitUrl(stored);
  if (!parts) return { url, ok: false };
  let ok = true;
  if (parts.password === SECRET_MASK) {
    if (before?.password) parts.password = before.password;
    else ok = false;
  }
  const seen = new Map<string, number>();
  parts.query =
    parts.query?.map((piece) => {
      const name = paramName(piece);
      const rank = seen.get(name) ?? 0;
      seen.set(name, rank + 1);
      if (paramValue(piece) !== SECRET_MASK) return piece;
      const kept = (before?.query ?? []).filter((old) => paramName(old) === name)[rank];
      const value = kept === undefined ? null : paramValue(kept);
      if (value === null || value === '') {
        ok = false;
        return piece;
      }
      return `${piece.split('=', 1)[0]}=${value}`;
    }) ?? null;
  const restored = joinUrl(parts);
  return { url: restored, ok: ok && !restored.includes(SECRET_MASK) };
}

/* -------------------------------------------------------------------------- blocks */

type Data = Record<string, unknown>;

const isTextRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string');

/** A block's data as an answer shows it (a draft's unfinished data is masked as far as it goes). */
export function maskBlockSecrets<T>(type: string, data: T): T {
  if (type !== 'webhook' || typeof data !== 'object' || data === null) return data;
  const webhook = data as Data;
  return {
    ...webhook,
    ...(typeof webhook.url === 'string' ? { url: maskUrlSecrets(webhook.url) } : {}),
    ...(isTextRecord(webhook.headers) ? { headers: maskHeaderValues(webhook.headers) } : {}),
  } as T;
}

/** A workflow's graph as every answer shows it: each block's secrets masked. */
export function maskWorkflowSecrets(steps: WorkflowSteps): WorkflowSteps {
  if (!steps.nodes.some((node) => node.type === 'webhook')) return steps;
  return {
    ...steps,
    nodes: steps.nodes.map((node) => ({ ...node, data: maskBlockSecrets(node.type, node.data) })),
  };
}

/** `scheme://host:port` of a URL as written, lower case ('' when it is no URL). */
function originOf(url: unknown): string {
  const parts = typeof url === 'string' ? splitUrl(url) : null;
  if (!parts) return '';
  const scheme = /^[^:]*/.exec(parts.head)?.[0] ?? '';
  return `${scheme}://${parts.host.replace(/^@/, '')}`.toLowerCase();
}

/**
 * The graph a save sends, each masked value replaced by the stored one of the same block id
 * (and header name, compared without case when not found as written; URL password; query
 * parameter), as long as the block's URL still goes to the same `scheme://host:port`: a
 * secret is never sent to a new destination without being typed again. `problems` names every
 * mask with nothing to keep (`nodes.<id>.headers.<name>`, `nodes.<id>.url`): the save is
 * refused with them.
 */
export function restoreWorkflowSecrets(
  steps: WorkflowSteps,
  stored: WorkflowSteps | null,
): { steps: WorkflowSteps; problems: FieldError[] } {
  const problems: FieldError[] = [];
  const storedNodes = new Map((stored?.nodes ?? []).map((node) => [node.id, node]));
  const nodes = steps.nodes.map((node) => {
    if (node.type !== 'webhook') return node;
    const before = storedNodes.get(node.id);
    const data: Data = { ...node.data };
    const moved = before?.type === 'webhook' && originOf(data.url) !== originOf(before.data.url);
    const old: Data = before?.type === 'webhook' && !moved ? before.data : {};
    const message = moved
      ? WORKFLOW_SECRET_MESSAGES.destinationChanged
      : WORKFLOW_SECRET_MESSAGES.maskedWithoutValue;
    if (typeof data.url === 'string') {
      const restored = restoreUrl(data.url, typeof old.url === 'string' ? old.url : undefined);
      if (!restored.ok) problems.push({ param: `nodes.${node.id}.url`, message });
      data.url = restored.url;
    }
    if (isTextRecord(data.headers)) {
      const oldHeaders: Record<string, string> = isTextRecord(old.headers) ? old.headers : {};
      const oldByLowerName = new Map(
        Object.entries(oldHeaders).map(([name, value]) => [name.toLowerCase(), value]),
      );
      data.headers = Object.fromEntries(
        Object.entries(data.headers).map(([name, value]) => {
          if (value !== SECRET_MASK) return [name, value];
          const kept = Object.hasOwn(oldHeaders, name)
            ? oldHeaders[name]
            : oldByLowerName.get(name.toLowerCase());
          if (kept === undefined || kept === SECRET_MASK) {
            problems.push({ param: `nodes.${node.id}.headers.${name}`, message });
            return [name, value];
          }
          return [name, kept];
        }),
      );
    }
    return { ...node, data };
  });
  return { steps: { ...steps, nodes }, problems };
}
