import { z } from 'zod';
import { createReadStream } from 'node:fs';
import { jobsQuery, jobView } from '@omnicare/shared/jobs/jobs.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { getJob, jobFile, listJobs } from './jobs.service.js';

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
        querystring: jobsQuery,
        response: answers.list(jobView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const jobs = await listJobs(platform, authOf(request), request.query.kind);
      return list(jobs, jobs.length);
    },
  );
  r.get(
    '/v2/jobs/:id',
    {
      schema: { tags, summary: 'Tiến độ tác vụ', params: idParams, response: answers.ok(jobView) },
      config: { access: 'authenticated' },
    },
    async (request) => ok(await getJob(platform, authOf(request), request.params.id)),
  );
  r.get(
    '/v2/jobs/:id/file',
    {
      schema: {
        tags,
        summary: 'Tải tệp kết quả của tác vụ',
        params: idParams,
        // A raw XLSX file, not an envelope.
        response: { 200: z.any().describe('file') },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const file = await jobFile(platform, authOf(request), request.params.id);
      reply.header(
        'content-type',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      );
      return reply.send(createReadStream(file.path));
    },
  );
};
