import { z } from 'zod';
import { createReadStream, existsSync } from 'node:fs';
import { authOf } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { listUserJobs } from './jobs.repository.js';
import { getJob, toJobView } from './jobs.service.js';

const idParams = z.object({ id: z.uuid('Mã tác vụ không hợp lệ') });

export const jobsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  const tags = ['jobs'];
  r.get(
    '/v2/jobs',
    {
      schema: {
        tags,
        summary: 'Tác vụ nền của tôi',
        querystring: z.object({ kind: z.string().max(50).optional() }),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const rows = await listUserJobs(platform.db, authOf(request).userId, request.query.kind);
      return list(rows.map(toJobView), rows.length);
    },
  );
  r.get(
    '/v2/jobs/:id',
    {
      schema: { tags, summary: 'Tiến độ tác vụ', params: idParams },
      config: { access: 'authenticated' },
    },
    async (request) => ok(toJobView(await getJob(platform, authOf(request), request.params.id))),
  );
  r.get(
    '/v2/jobs/:id/file',
    {
      schema: { tags, summary: 'Tải tệp kết quả của tác vụ', params: idParams },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const job = await getJob(platform, authOf(request), request.params.id);
      const file = job.result.file;
      if (typeof file !== 'string' || !existsSync(file))
        throw notFound('Tác vụ không có tệp kết quả');
      const name = typeof job.result.file_name === 'string' ? job.result.file_name : 'ket-qua.xlsx';
      reply.header(
        'content-type',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      return reply.send(createReadStream(file));
    },
  );
};
