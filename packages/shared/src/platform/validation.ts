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
