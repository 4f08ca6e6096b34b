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
