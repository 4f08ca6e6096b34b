import { z } from 'zod';

/** Building blocks for schemas whose messages users read, in Vietnamese. */
export const requiredText = (label: string, max = 255) =>
  z
    .string({ error: `${label} không được bỏ trống` })
    .trim()
    .min(1, `${label} không được bỏ trống`)
    .max(max, `${label} không được vượt quá ${max} ký tự`);

export const emailField = () =>
  z
    .string({ error: 'Email không được bỏ trống' })
    .trim()
    .min(1, 'Email không được bỏ trống')
    .pipe(z.email('Email không hợp lệ'))
    .transform((email) => email.toLowerCase());

export const PASSWORD_MIN_LENGTH = 8;
export const newPasswordField = () =>
  z
    .string({ error: 'Mật khẩu không được bỏ trống' })
    .min(PASSWORD_MIN_LENGTH, `Mật khẩu phải có ít nhất ${PASSWORD_MIN_LENGTH} ký tự`)
    .max(128, 'Mật khẩu không được vượt quá 128 ký tự')
    .regex(/[A-Za-z]/, 'Mật khẩu phải có ít nhất một chữ cái')
    .regex(/\d/, 'Mật khẩu phải có ít nhất một chữ số');

export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'Trang không hợp lệ' })
    .int()
    .min(1, 'Trang không hợp lệ')
    .default(1),
  page_size: z.coerce
    .number({ error: 'Số bản ghi mỗi trang không hợp lệ' })
    .int()
    .min(1, 'Số bản ghi mỗi trang không hợp lệ')
    .max(100, 'Số bản ghi mỗi trang tối đa là 100')
    .default(10),
});

type OptionalWithoutDefaults<Shape extends z.ZodRawShape> = {
  [Key in keyof Shape]: z.ZodOptional<
    Shape[Key] extends z.ZodDefault<infer Inner> ? Inner : Shape[Key]
  >;
};

/**
 * The fields of a shape, each optional and without its default: the body of a partial update,
 * where a field left out keeps its stored value instead of taking the default.
 */
export function optionalWithoutDefaults<Shape extends z.ZodRawShape>(shape: Shape) {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional(),
    ]),
  ) as unknown as OptionalWithoutDefaults<Shape>;
}

/** Most ids one `ids` query may name (pickers resolve the labels of chosen values with it). */
export const MAX_ID_LIST = 100;

/**
 * `ids=a,b,c`: comma-separated uuids, at most MAX_ID_LIST, for looking chosen rows up by id
 * (a picker's values may not be on the page it has loaded).
 */
export const idListParam = (message = 'Danh sách mã không hợp lệ') =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const ids = [
        ...new Set(
          raw
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length > MAX_ID_LIST || ids.some((id) => !z.uuid().safeParse(id).success)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return ids;
    });

/** A real day written yyyy-mm-dd: '2024-02-31' is not one (Date.parse would roll it over). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** A day range whose start is after its end: refused, never answered with nothing. */
export const DATE_RANGE_REVERSED_MESSAGE = 'Ngày bắt đầu không được sau ngày kết thúc';

/**
 * A refinement of a query with a `<from>`/`<to>` pair of `YYYY-MM-DD` days: a reversed pair is
 * a 422 on `<to>` (both ends are included, so equal days are one day).
 */
export const refuseReversedDays =
  <From extends string, To extends string>(from: From, to: To) =>
  (value: Partial<Record<From | To, unknown>>, ctx: z.RefinementCtx) => {
    const start = value[from];
    const end = value[to];
    if (typeof start === 'string' && typeof end === 'string' && start > end)
      ctx.addIssue({ code: 'custom', path: [to], message: DATE_RANGE_REVERSED_MESSAGE });
  };

export const UNSAFE_TEXT_MESSAGE = 'Không được chứa ký tự không hợp lệ';
/** Deepest nesting a request's JSON may have; real bodies stay under ten levels. */
export const MAX_INPUT_DEPTH = 64;

// NUL (PostgreSQL refuses it in text and jsonb) and UTF-16 surrogates without their pair.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnsafeText = (text: string) => UNSAFE_TEXT.test(text);

export type InputProblem = { kind: 'too_deep' } | { kind: 'unsafe_text'; param: string };

/**
 * The first problem of a parsed request part, walking it without recursion (so a hostile
 * nesting cannot exhaust the stack): nesting past `maxDepth`, or a string or key holding
 * unsafe text, named by its path (`phones.0.phone`; a bad key is named with '?' for its bad
 * characters).
 */
export function findInputProblem(
  value: unknown,
  maxDepth = MAX_INPUT_DEPTH,
): InputProblem | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (typeof item.value === 'string') {
      if (hasUnsafeText(item.value)) return { kind: 'unsafe_text', param: item.path };
      continue;
    }
    if (!item.value || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) return { kind: 'too_deep' };
    const entries = Array.isArray(item.value)
      ? item.value.map((child, index) => [String(index), child] as const)
      : Object.entries(item.value);
    for (const [key, child] of entries.reverse()) {
      if (hasUnsafeText(key)) {
        const shown = key.replace(new RegExp(UNSAFE_TEXT.source, 'g'), '?');
        return { kind: 'unsafe_text', param: join(item.path, shown) };
      }
      stack.push({ value: child, path: join(item.path, key), depth: item.depth + 1 });
    }
  }
  return undefined;
}

/** Where the server serves public files (avatars); the only place an image address may point. */
export const PUBLIC_FILES_PREFIX = '/files/';

/**
 * A path of a file the server stored and serves (`/files/avatars/<tenant>/<name>.png`): never
 * another site, a `javascript:` or `data:` address, or a climb out of the folder with '..'.
 */
export function isPublicFilePath(value: string): boolean {
  if (!value.startsWith(PUBLIC_FILES_PREFIX)) return false;
  return /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.[A-Za-z0-9]+$/.test(
    value.slice(PUBLIC_FILES_PREFIX.length),
  );
}

/** An image address a record may hold: one of our public files, or none (empty is none). */
export const publicFileField = (message: string) =>
  z
    .string()
    .trim()
    .max(1000, message)
    .refine((value) => value === '' || isPublicFilePath(value), message)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * A link inside the app: a path from its root ('/customers/1'). Never another origin: not
 * '//host' nor '/\host' (browsers read '\' as '/'), nor whitespace or control characters, which
 * browsers drop from an address ('/\t/host' is '//host').
 */
export function isAppPath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^\/(?![/\\])[^\\\s\u0000-\u001f\u007f]*$/.test(value);
}

export const appPathField = (message: string) =>
  z.string().max(500, message).refine(isAppPath, message);
