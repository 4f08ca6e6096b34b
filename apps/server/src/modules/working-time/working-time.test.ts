import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let admin: string;
let agent: string;
let leader: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await seedTenant(t);
  const other = await seedTenant(t, 'Khác');
  [admin, agent, leader, otherAdmin] = await Promise.all([
    t.login(tenant.email('admin')),
    t.login(tenant.email('agent')),
    t.login(tenant.email('leader')),
    t.login(other.email('admin')),
  ]);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token = admin,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const weekdays = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, start: '08:00', end: '12:00' },
  { weekday, start: '13:30', end: '17:30' },
]);

describe('working-time schedules', () => {
  it('creates the first schedule as the default, with its weekly openings and holidays', async () => {
    const created = await call('POST', '/v2/time/create-schedule', admin, {
      name: 'Giờ hành chính',
      periods: weekdays,
      holidays: [{ date: '2026-09-02', name: 'Quốc khánh' }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      statusCode: 201,
      message: 'Tạo mới lịch làm việc thành công',
      data: {
        name: 'Giờ hành chính',
        time_zone: 'Asia/Bangkok',
        is_default: true,
        weekly_minutes: 5 * 480,
        holidays: [{ date: '2026-09-02', name: 'Quốc khánh' }],
      },
    });
    expect(created.json().data.periods.slice(0, 2)).toEqual([
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 1, start: '13:30', end: '17:30' },
    ]);
    // Any staff member reads them; the periods of the default answer without a schedule id.
    const periods = await call('GET', '/v2/time/schedule-periods', agent);
    expect(periods.json().total).toBe(10);
    expect(periods.json().data[0]).toEqual({
      schedule_id: created.json().data._id,
      weekday: 1,
      start: '08:00',
      end: '12:00',
    });
    expect((await call('GET', '/v2/time/schedules', otherAdmin)).json().total).toBe(0);
  });

  it('moves the default to a schedule made default, and replaces a week with create-period', async () => {
    const night = await call('POST', '/v2/time/schedules', admin, {
      name: 'Ca đêm 24/7',
      is_default: true,
      periods: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    });
    expect(night.statusCode).toBe(201);
    const list = (await call('GET', '/v2/time/schedules', leader)).json().data;
    expect(
      list.map((row: { name: string; is_default: boolean }) => [row.name, row.is_default]),
    ).toEqual([
      ['Ca đêm 24/7', true],
      ['Giờ hành chính', false],
    ]);
    const id = night.json().data._id;
    const replaced = await call('POST', '/v2/time/create-period', admin, {
      schedule_id: id,
      periods: [{ weekday: 6, start: '09:00', end: '11:00' }],
    });
    expect(replaced.json()).toMatchObject({
      message: 'Cập nhật khung giờ làm việc thành công',
      data: { periods: [{ weekday: 6, start: '09:00', end: '11:00' }], weekly_minutes: 120 },
    });
    const updated = await call('PUT', `/v2/time/schedules/${id}`, admin, {
      name: 'Ca cuối tuần',
      periods: [{ weekday: 7, start: '08:00', end: '10:00' }],
      holidays: [],
    });
    // Still the default: a default stays until another takes its place.
    expect(updated.json()).toMatchObject({
      message: 'Cập nhật lịch làm việc thành công',
      data: { name: 'Ca cuối tuần', is_default: true },
    });
    expect(
      (await call('PUT', `/v2/time/schedules/${id}`, otherAdmin, { name: 'X', periods: weekdays }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/v2/time/create-period', otherAdmin, {
          schedule_id: id,
          periods: weekdays,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses overlapping, reversed and badly written hours, duplicate holidays and names', async () => {
    const refused = await call('POST', '/v2/time/schedules', admin, {
      name: 'giờ HÀNH CHÍNH',
      periods: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '13:00' },
        { weekday: 2, start: '14:00', end: '13:00' },
        { weekday: 8, start: '8h', end: '25:00' },
      ],
      holidays: [
        { date: '2026-01-01', name: 'Tết dương lịch' },
        { date: '2026-01-01', name: 'Trùng' },
        { date: '2026-02-30', name: 'Sai ngày' },
      ],
    });
    // Every problem at once, each on its field.
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: 'Giờ kết thúc phải sau giờ bắt đầu',
      errors: [
        { param: 'periods.2.end', message: 'Giờ kết thúc phải sau giờ bắt đầu' },
        { param: 'periods.3.weekday', message: 'Ngày trong tuần không hợp lệ' },
        { param: 'periods.3.start', message: 'Giờ phải có dạng HH:mm' },
        { param: 'periods.3.end', message: 'Giờ phải có dạng HH:mm' },
        { param: 'periods.1.start', message: 'Khung giờ bị chồng lên khung giờ khác trong ngày' },
        { param: 'holidays.2.date', message: 'Ngày nghỉ không hợp lệ' },
        { param: 'holidays.1.date', message: 'Ngày nghỉ bị trùng' },
      ],
    });
    const overlap = await call('POST', '/v2/time/schedules', admin, {
      name: 'giờ HÀNH CHÍNH',
      periods: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '13:00' },
      ],
      holidays: [
        { date: '2026-01-01', name: 'Tết dương lịch' },
        { date: '2026-01-01', name: 'Trùng' },
      ],
    });
    expect(overlap.json()).toEqual({
      statusCode: 422,
      message: 'Khung giờ bị chồng lên khung giờ khác trong ngày',
      errors: [
        { param: 'periods.1.start', message: 'Khung giờ bị chồng lên khung giờ khác trong ngày' },
        { param: 'holidays.1.date', message: 'Ngày nghỉ bị trùng' },
      ],
    });
    expect(
      (
        await call('POST', '/v2/time/schedules', admin, {
          name: 'giờ HÀNH CHÍNH',
          periods: weekdays,
        })
      ).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Tên lịch làm việc đã tồn tại',
      errors: [{ param: 'name', message: 'Tên lịch làm việc đã tồn tại' }],
    });
    expect(
      (await call('POST', '/v2/time/schedules', admin, { name: 'Trống', periods: [] })).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Vui lòng thêm ít nhất một khung giờ làm việc',
      errors: [{ param: 'periods', message: 'Vui lòng thêm ít nhất một khung giờ làm việc' }],
    });
  });

  it('lets only administrators change schedules', async () => {
    for (const token of [agent, leader]) {
      expect(
        (await call('POST', '/v2/time/schedules', token, { name: 'Không', periods: weekdays }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await call('POST', '/v2/time/create-schedule', token, {
            name: 'Không',
            periods: weekdays,
          })
        ).statusCode,
      ).toBe(401);
    }
  });

  it('refuses deleting a schedule SLA policies count in, the default included', async () => {
    const priority = (
      await call('POST', '/v2/priorities', admin, { name: 'Cao', color: '#ff0000' })
    ).json().data._id;
    const schedule = (
      await call('POST', '/v2/time/schedules', admin, { name: 'Lịch SLA', periods: weekdays })
    ).json().data._id;
    const target = { priority_id: priority, first_response_minutes: 60, resolution_minutes: 480 };
    await call('POST', '/v2/sla-policies', admin, {
      name: 'Theo lịch',
      schedule_id: schedule,
      targets: [target],
    });
    await call('POST', '/v2/sla-policies', admin, { name: 'Theo mặc định', targets: [target] });
    expect((await call('DELETE', `/v2/time/schedules/${schedule}`)).json()).toEqual({
      statusCode: 422,
      message: 'Lịch làm việc đang được dùng bởi 1 chính sách SLA',
      errors: [{ param: 'id', message: 'Lịch làm việc đang được dùng bởi 1 chính sách SLA' }],
    });
    const list = (await call('GET', '/v2/time/schedules')).json().data;
    const fallback = list.find((row: { is_default: boolean }) => row.is_default);
    expect(fallback.sla_policy_count).toBe(1);
    expect((await call('DELETE', `/v2/time/schedules/${fallback._id}`)).json().message).toBe(
      'Lịch làm việc đang được dùng bởi 1 chính sách SLA',
    );
    const spare = list.find((row: { name: string }) => row.name === 'Giờ hành chính');
    expect((await call('DELETE', `/v2/time/schedules/${spare._id}`)).json()).toEqual({
      statusCode: 200,
      message: 'Xóa lịch làm việc thành công',
      data: null,
    });
  });
});
