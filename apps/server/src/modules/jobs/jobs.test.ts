import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  const tenant = await seedTenant(t);
  admin = await t.login(tenant.email('admin'));
});
afterAll(() => t.close());

/** Every text anywhere in a JSON value. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

describe('jobs', () => {
  it("shows a job and its file without naming the server's disk", async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/export',
      headers: bearer(admin),
      payload: {},
    });
    expect(started.statusCode).toBe(201);
    const id: string = started.json().data._id;
    const readJob = () =>
      t.app.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: bearer(admin) });
    await vi.waitFor(async () => expect((await readJob()).json().data.status).toBe('completed'), {
      timeout: 20_000,
      interval: 100,
    });

    const one = (await readJob()).json().data;
    const listed = await t.app.inject({ method: 'GET', url: '/v2/jobs', headers: bearer(admin) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((job: { _id: string }) => job._id)).toContain(id);
    expect(one.download_url).toBe(`/v2/jobs/${id}/file`);
    for (const text of textsOf([one, listed.json()])) {
      expect(text).not.toContain(t.config.dataDir);
      // The only path a job names is its download address on this API.
      if (text !== one.download_url) expect(path.isAbsolute(text), text).toBe(false);
    }

    // The file is still served, under its own name.
    const file = await t.app.inject({
      method: 'GET',
      url: one.download_url,
      headers: bearer(admin),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('khach-hang-');
  });
});
