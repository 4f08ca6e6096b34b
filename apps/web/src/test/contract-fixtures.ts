import { vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import { http, type ApiRequest, type ApiResponse } from '@/lib/http';

/**
 * Fixtures of server answers, checked against the shared response schemas (the ones the server
 * routes declare with `answers.ok(schema)`, `answers.list(item)`...), so a test whose fixture
 * drifts from the contract fails instead of passing against a shape the server no longer sends.
 *
 * - `fixture(operation, schema, value)`: one answer's `data` (or what a mocked api function
 *   resolves with, for a schema built from the operation's), parsed with the schema.
 * - `page(operation, item or list envelope, value)`: a list page as `apiList` gives it back.
 * - `mockApi(contracts, answer)`: `http.request` faked by URL; every answer is checked against
 *   the declared response body of its operation, and an answer of an undeclared one fails.
 *
 * A fixture fails on what the schema refuses and on fields it does not declare (the server's
 * serializer drops them, so the web never sees them).
 */

/** 'GET /v2/tickets/:id', as the server route is declared. */
export type Operation = string;

/** A drifted fixture: the operation, then one line per problem. */
export class ContractDrift extends Error {
  override name = 'ContractDrift';
}

type Path = readonly PropertyKey[];

const pathText = (path: Path) =>
  path.length === 0
    ? '(the value itself)'
    : path
        .map((key, index) =>
          typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
        )
        .join('');

function issueLines(issues: readonly z.core.$ZodIssue[], prefix: Path, indent: string): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    const line = `${indent}${pathText(path)}: ${issue.message}`;
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [line];
    // Each branch of a union says why it did not match.
    return [
      `${line} (no branch matches)`,
      ...issue.errors.flatMap((branch, index) => [
        `${indent}  branch ${index + 1}:`,
        ...issueLines(branch, path, `${indent}    `),
      ]),
    ];
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const notInSchema = (path: Path) =>
  `${pathText(path)}: not in the schema (the server never sends it)`;

/**
 * Fields of `input` the parsed `output` no longer has: the schema does not declare them (zod
 * strips unknown keys, as the server's serializer does). Undefined values are not sent as JSON.
 */
function undeclaredFields(input: unknown, output: unknown, path: Path = []): string[] {
  if (Array.isArray(input) && Array.isArray(output))
    return input.flatMap((item, index) => undeclaredFields(item, output[index], [...path, index]));
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  return Object.entries(input).flatMap(([key, value]) => {
    if (value === undefined) return [];
    if (!(key in output)) return [notInSchema([...path, key])];
    return undeclaredFields(value, output[key], [...path, key]);
  });
}

/**
 * Fields of `value` that `schema` does not declare, found by walking the schema itself: used
 * when the value does not parse (a renamed field shows as one missing and one undeclared).
 * Objects, arrays and their optional or nullable forms are followed; anything else is not.
 */
function fieldsOutside(schema: z.ZodType, value: unknown, path: Path): string[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return fieldsOutside(schema.unwrap() as z.ZodType, value, path);
  if (schema instanceof z.ZodArray && Array.isArray(value))
    return value.flatMap((item, index) =>
      fieldsOutside(schema.element as z.ZodType, item, [...path, index]),
    );
  if (!(schema instanceof z.ZodObject) || !isPlainObject(value)) return [];
  if (schema.def.catchall && !(schema.def.catchall instanceof z.ZodNever)) return [];
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.entries(value).flatMap(([key, item]) => {
    if (item === undefined) return [];
    if (!(key in shape)) return [notInSchema([...path, key])];
    return fieldsOutside(shape[key]!, item, [...path, key]);
  });
}

/** The parsed value, or the lines saying how `value` drifts from `schema`. */
function parsed<S extends z.ZodType>(
  schema: S,
  value: unknown,
  path: Path,
): { ok: true; data: z.output<S> } | { ok: false; problems: string[] } {
  const result = schema.safeParse(value);
  if (!result.success) {
    const outside = fieldsOutside(schema, value, path).map((line) => `  ${line}`);
    return { ok: false, problems: [...issueLines(result.error.issues, path, '  '), ...outside] };
  }
  const extra = undeclaredFields(value, result.data, path);
  if (extra.length > 0) return { ok: false, problems: extra.map((line) => `  ${line}`) };
  return { ok: true, data: result.data };
}

const drifts: ContractDrift[] = [];

/**
 * A drift, kept until the test ends: thrown where a screen swallows it, it still fails the test.
 * Its stack starts where `from` was called (the test's line).
 */
function drifted(message: string, from?: (...args: never[]) => unknown): ContractDrift {
  const drift = new ContractDrift(message);
  if (from) Error.captureStackTrace(drift, from);
  drifts.push(drift);
  return drift;
}

/** The drifts met since the last call, cleared (the test setup fails a test that met one). */
export function takeContractDrifts(): ContractDrift[] {
  return drifts.splice(0);
}

const driftMessage = (operation: Operation, what: string, problems: string[]) =>
  [`${operation}: ${what} does not match the shared response schema`, ...problems].join('\n');

/**
 * An answer's data (or a value a mocked api function resolves with) for `operation`, parsed
 * with `schema`, the operation's shared response schema: it throws a `ContractDrift` naming
 * the operation and every problem when the value does not match.
 */
export function fixture<S extends z.ZodType>(
  operation: Operation,
  schema: S,
  value: z.input<S>,
): z.output<S> {
  const result = parsed(schema, value, []);
  if (!result.ok) throw drifted(driftMessage(operation, 'the fixture', result.problems), fixture);
  return result.data;
}

type ListEnvelopeShape = { statusCode: z.ZodType; message: z.ZodType; data: z.ZodType };
type IsListEnvelope<S> =
  S extends z.ZodObject<infer Shape> ? (Shape extends ListEnvelopeShape ? true : false) : false;

/** A list page as `apiList` resolves (`{data, total}`, plus what the envelope adds). */
export type PageOf<S extends z.ZodType, Side extends 'in' | 'out'> =
  IsListEnvelope<S> extends true
    ? Omit<Side extends 'in' ? z.input<S> : z.output<S>, 'statusCode' | 'message'>
    : { data: (Side extends 'in' ? z.input<S> : z.output<S>)[]; total: number };

const isListEnvelope = (schema: z.ZodType): schema is z.ZodObject<ListEnvelopeShape> =>
  schema instanceof z.ZodObject && 'statusCode' in schema.shape && 'total' in schema.shape;

/** The schema of a list page: the envelope without `statusCode` and `message`. */
function pageSchema(schema: z.ZodType): z.ZodType {
  const envelope = isListEnvelope(schema)
    ? schema
    : z.object({ statusCode: z.literal(200), message: z.string(), data: z.array(schema) });
  const page = envelope.omit({ statusCode: true, message: true });
  return 'total' in page.shape ? page : page.extend({ total: z.number().int() });
}

/**
 * A list page of `operation` as `apiList` resolves it: `{data, total}` of `item` rows, or,
 * given the route's whole list envelope (`ticketListAnswer`, `customerListAnswer`), what it
 * holds besides `statusCode` and `message`.
 */
export function page<S extends z.ZodType>(
  operation: Operation,
  itemOrEnvelope: S,
  value: PageOf<S, 'in'>,
): PageOf<S, 'out'> {
  const result = parsed(pageSchema(itemOrEnvelope), value, []);
  if (!result.ok) throw drifted(driftMessage(operation, 'the page', result.problems), page);
  return result.data as PageOf<S, 'out'>;
}

/* ------------------------------------------------------------------------ answer bodies */

/** The success bodies, as the server's `respond.ts` builds them. */
export const ok = <T>(data: T, message = 'Thành công') => ({
  statusCode: 200 as const,
  message,
  data,
});
export const created = <T>(data: T, message = 'Tạo mới thành công') => ({
  statusCode: 201 as const,
  message,
  data,
});
export const list = <T>(data: T[], total = data.length, message = 'Thành công') => ({
  statusCode: 200 as const,
  message,
  data,
  total,
});

/* ------------------------------------------------------------------- http.request fakes */

/**
 * The success body each operation answers, as its route declares it: `okBody(view)`,
 * `createdBody(view)`, `listBody(item)`, or the route's own (`ticketListAnswer`). Keys are
 * `'<METHOD> <path>'` with the route's `:params`.
 */
export type Contracts = Record<Operation, z.ZodType>;

interface Route {
  operation: Operation;
  method: string;
  segments: string[];
  body: z.ZodType;
}

const segmentsOf = (path: string) => path.split('?')[0]!.split('/');

function routesOf(contracts: Contracts): Route[] {
  return Object.entries(contracts).map(([operation, body]) => {
    const [method, path, ...rest] = operation.trim().split(/\s+/);
    if (!method || !path || rest.length > 0 || !path.startsWith('/'))
      throw new Error(`'${operation}' is not '<METHOD> <path>'`);
    return { operation, method: method.toUpperCase(), segments: segmentsOf(path), body };
  });
}

/** The declared route a call goes to: the one with the most literal segments that match. */
function routeOf(routes: Route[], config: ApiRequest): Route | undefined {
  const method = config.method ?? 'GET';
  const segments = segmentsOf(config.url);
  let best: { route: Route; literal: number } | undefined;
  for (const route of routes) {
    if (route.method !== method || route.segments.length !== segments.length) continue;
    let literal = 0;
    const matches = route.segments.every((segment, index) => {
      if (segment.startsWith(':')) return segments[index] !== '';
      literal += 1;
      return segment === segments[index];
    });
    if (matches && (!best || literal > best.literal)) best = { route, literal };
  }
  return best?.route;
}

/** An answer body of `config`'s operation checked against its contract; throws on a drift. */
function checkedBody(routes: Route[], config: ApiRequest, body: unknown): unknown {
  const call = `${config.method ?? 'GET'} ${config.url}`;
  const route = routeOf(routes, config);
  if (!route)
    throw drifted(
      `${call} was answered, but the test declares no contract for it: add the route's ` +
        `response body (as the server declares it) to the contracts given to mockApi`,
    );
  const result = parsed(route.body, body, []);
  if (result.ok) return body;
  const what = call === route.operation ? 'the answer' : `the answer to ${call}`;
  throw drifted(driftMessage(route.operation, what, result.problems));
}

/**
 * Fakes `http.request`: `answer` gives the body of each call (`ok(data)`, `list(rows)`,
 * `created(data)`, or throws an `ApiError`), and every body is checked against the contract of
 * the call's operation before the caller gets it. Returns the spy (its calls are the requests).
 */
export function mockApi(
  contracts: Contracts,
  answer: (config: ApiRequest) => unknown,
): MockInstance<typeof http.request> {
  const routes = routesOf(contracts);
  const request = async (config: ApiRequest): Promise<ApiResponse<unknown>> => {
    const body = checkedBody(routes, config, await answer(config));
    const claimed = (body as { statusCode?: unknown } | null)?.statusCode;
    return {
      data: body,
      status: typeof claimed === 'number' ? claimed : 200,
      headers: new Headers(),
    };
  };
  return vi.spyOn(http, 'request').mockImplementation(request as typeof http.request);
}
