import { z } from 'zod';
import { TIME_ZONE } from '../platform/constants.js';
import { isoDateTime } from '../platform/envelope.js';
import { labelled } from '../platform/labelled.js';
import { requiredText } from '../platform/validation.js';
import { minutesOfDay } from '../sla/business-time.js';

/**
 * Working-time schedules (business hours, as Zendesk's): weekly openings per weekday (several a
 * day), whole-day holidays, in Asia/Bangkok. One schedule may be the tenant's default: SLA
 * policies without a schedule of their own count in it.
 */

/** ISO weekdays, Monday first as Vietnamese calendars show them. */
export const WEEKDAY = labelled({
  1: 'Thứ Hai',
  2: 'Thứ Ba',
  3: 'Thứ Tư',
  4: 'Thứ Năm',
  5: 'Thứ Sáu',
  6: 'Thứ Bảy',
  7: 'Chủ nhật',
});

export const WORKING_TIME_MESSAGES = {
  created: 'Tạo mới lịch làm việc thành công',
  updated: 'Cập nhật lịch làm việc thành công',
  deleted: 'Xóa lịch làm việc thành công',
  periodsSaved: 'Cập nhật khung giờ làm việc thành công',
  notFound: 'Không tìm thấy lịch làm việc',
  nameTaken: 'Tên lịch làm việc đã tồn tại',
  subject: 'Lịch làm việc',
  timeInvalid: 'Giờ phải có dạng HH:mm',
  endBeforeStart: 'Giờ kết thúc phải sau giờ bắt đầu',
  overlap: 'Khung giờ bị chồng lên khung giờ khác trong ngày',
  weekdayInvalid: 'Ngày trong tuần không hợp lệ',
  periodsRequired: 'Vui lòng thêm ít nhất một khung giờ làm việc',
  holidayDateInvalid: 'Ngày nghỉ không hợp lệ',
  holidayDuplicate: 'Ngày nghỉ bị trùng',
} as const;

export const SCHEDULE_PERIODS_MAX = 70;
export const SCHEDULE_HOLIDAYS_MAX = 366;

const isClock = (value: unknown, allowMidnightEnd: boolean) =>
  typeof value === 'string' &&
  (/^([01]\d|2[0-3]):[0-5]\d$/.test(value) || (allowMidnightEnd && value === '24:00'));

const clock = (allowMidnightEnd: boolean) =>
  z
    .string({ error: WORKING_TIME_MESSAGES.timeInvalid })
    .trim()
    .refine((value) => isClock(value, allowMidnightEnd), WORKING_TIME_MESSAGES.timeInvalid);

/** Both ends well written: only then are they compared. */
const wellWritten = (period: { start: unknown; end: unknown }) =>
  isClock(period.start, false) && isClock(period.end, true);

export const periodBody = z
  .object({
    weekday: z
      .number({ error: WORKING_TIME_MESSAGES.weekdayInvalid })
      .int(WORKING_TIME_MESSAGES.weekdayInvalid)
      .min(1, WORKING_TIME_MESSAGES.weekdayInvalid)
      .max(7, WORKING_TIME_MESSAGES.weekdayInvalid),
    start: clock(false),
    end: clock(true),
  })
  .refine(
    (period) => !wellWritten(period) || minutesOfDay(period.end) > minutesOfDay(period.start),
    {
      path: ['end'],
      message: WORKING_TIME_MESSAGES.endBeforeStart,
    },
  );
export type PeriodBody = z.infer<typeof periodBody>;

/** A week of openings: at least one, none overlapping another of its weekday. */
export const weekPeriods = z
  .array(periodBody)
  .min(1, WORKING_TIME_MESSAGES.periodsRequired)
  .max(SCHEDULE_PERIODS_MAX)
  .superRefine((periods, ctx) => {
    periods.forEach((period, index) => {
      const clash = periods.findIndex(
        (other, otherIndex) =>
          otherIndex < index &&
          wellWritten(other) &&
          wellWritten(period) &&
          other.weekday === period.weekday &&
          minutesOfDay(other.start) < minutesOfDay(period.end) &&
          minutesOfDay(period.start) < minutesOfDay(other.end),
      );
      if (clash >= 0)
        ctx.addIssue({
          code: 'custom',
          path: [index, 'start'],
          message: WORKING_TIME_MESSAGES.overlap,
        });
    });
  });

export const holidayBody = z.object({
  date: z.iso.date(WORKING_TIME_MESSAGES.holidayDateInvalid),
  name: requiredText('Tên ngày nghỉ', 100),
});

export const scheduleBody = z.object({
  name: requiredText('Tên lịch làm việc', 100),
  is_default: z.boolean('Giá trị mặc định không hợp lệ').optional().default(false),
  periods: weekPeriods,
  holidays: z
    .array(holidayBody)
    .max(SCHEDULE_HOLIDAYS_MAX)
    .optional()
    .default([])
    .superRefine((holidays, ctx) => {
      holidays.forEach((holiday, index) => {
        if (holidays.findIndex((other) => other.date === holiday.date) < index)
          ctx.addIssue({
            code: 'custom',
            path: [index, 'date'],
            message: WORKING_TIME_MESSAGES.holidayDuplicate,
          });
      });
    }),
});
export type ScheduleBody = z.input<typeof scheduleBody>;

/** `POST /v2/time/create-period`: replaces one schedule's weekly openings. */
export const createPeriodsBody = z.object({
  schedule_id: z.uuid(WORKING_TIME_MESSAGES.notFound),
  periods: weekPeriods,
});

export const schedulePeriodsQuery = z.object({
  schedule_id: z.uuid(WORKING_TIME_MESSAGES.notFound).optional(),
});

export const periodView = z.object({
  schedule_id: z.string(),
  weekday: z.number().int(),
  start: z.string(),
  end: z.string(),
});

export const scheduleView = z.object({
  _id: z.string(),
  name: z.string(),
  time_zone: z.literal(TIME_ZONE),
  is_default: z.boolean(),
  periods: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  /** Business minutes a week: what the schedule offers. */
  weekly_minutes: z.number().int(),
  sla_policy_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Schedule = z.infer<typeof scheduleView>;
