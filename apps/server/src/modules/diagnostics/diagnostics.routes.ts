import { z } from 'zod';
import {
  clientErrorsBody,
  traceCallErrorBody,
  traceDisconnectedBody,
} from '@omnicare/shared/diagnostics/diagnostics.schemas';
import { pageQuery } from '@omnicare/shared/platform/validation';
import { authOf } from '../../platform/auth.js';
import { created, list } from '../../platform/respond.js';
import { perIpLimit, requestMeta, typed, type RouteModule } from '../../platform/routes.js';
import * as repo from './diagnostics.repository.js';

const DIAGNOSTIC_KINDS = ['trace_disconnected', 'trace_call_error', 'client_error'] as const;
// Traces are small; anything bigger than this is refused before it is parsed.
const BODY_LIMIT = 256 * 1024;

export const diagnosticsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  const tags = ['diagnostics'];

  r.post(
    '/v2/trace-disconnected',
    {
      bodyLimit: BODY_LIMIT,
      schema: { tags, summary: 'Nhật ký mất kết nối softphone', body: traceDisconnectedBody },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const meta = requestMeta(request);
      await repo.insertReports(platform.db, [
        {
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: 'trace_disconnected',
          payload: request.body,
          ...meta,
        },
      ]);
      reply.status(201);
      return created(null, 'Đã ghi nhận');
    },
  );

  r.post(
    '/v2/trace-call-error',
    {
      bodyLimit: BODY_LIMIT,
      schema: { tags, summary: 'Nhật ký lỗi cuộc gọi', body: traceCallErrorBody },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await repo.insertReports(platform.db, [
        {
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: 'trace_call_error',
          // Identity comes from the session, whatever the client wrote into the log.
          payload: { ...request.body.log, tenant_id: auth.tenantId, user_id: auth.userId },
          ...requestMeta(request),
        },
      ]);
      reply.status(201);
      return created(null, 'Đã ghi nhận');
    },
  );

  r.post(
    '/v2/client-errors',
    {
      bodyLimit: BODY_LIMIT,
      schema: { tags, summary: 'Báo lỗi từ ứng dụng web (theo lô)', body: clientErrorsBody },
      config: { access: 'optional', ...perIpLimit(30, '1 minute') },
    },
    async (request, reply) => {
      const auth = request.authContext;
      const meta = requestMeta(request);
      await repo.insertReports(
        platform.db,
        request.body.errors.map((payload) => ({
          tenantId: auth?.tenantId ?? null,
          userId: auth?.userId ?? null,
          kind: 'client_error',
          payload,
          ...meta,
        })),
      );
      reply.status(201);
      return created(null, 'Đã ghi nhận');
    },
  );

  r.get(
    '/v2/diagnostics',
    {
      schema: {
        tags,
        summary: 'Danh sách nhật ký chẩn đoán',
        querystring: pageQuery.extend({ kind: z.enum(DIAGNOSTIC_KINDS).optional() }),
      },
      config: { access: 'diagnostics.read' },
    },
    async (request) => {
      const { kind, page, page_size } = request.query;
      const { rows, total } = await repo.listReports(platform.db, authOf(request).tenantId, {
        kind,
        offset: (page - 1) * page_size,
        limit: page_size,
      });
      return list(
        rows.map((row) => ({
          _id: row.id,
          kind: row.kind,
          user_id: row.userId,
          payload: row.payload,
          ip: row.ip,
          user_agent: row.userAgent,
          created_at: row.createdAt.toISOString(),
        })),
        total,
      );
    },
  );
};
