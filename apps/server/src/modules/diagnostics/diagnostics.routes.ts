import {
  clientErrorsBody,
  diagnosticsQuery,
  diagnosticView,
  traceCallErrorBody,
  traceDisconnectedBody,
} from '@omnicare/shared/diagnostics/diagnostics.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../platform/auth.js';
import { answers, created, list } from '../../platform/respond.js';
import { perIpLimit, requestMeta, typed, type RouteModule } from '../../platform/routes.js';
import * as diagnostics from './diagnostics.service.js';

// Traces are small; anything bigger than this is refused before it is parsed.
const BODY_LIMIT = 256 * 1024;
const RECORDED = 'Đã ghi nhận';

export const diagnosticsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  const tags = ['diagnostics'];

  r.post(
    '/v2/trace-disconnected',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Nhật ký mất kết nối softphone',
        body: traceDisconnectedBody,
        response: answers.created(noData),
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      await diagnostics.recordDisconnection(
        platform,
        authOf(request),
        request.body,
        requestMeta(request),
      );
      reply.status(201);
      return created(null, RECORDED);
    },
  );

  r.post(
    '/v2/trace-call-error',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Nhật ký lỗi cuộc gọi',
        body: traceCallErrorBody,
        response: answers.created(noData),
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      await diagnostics.recordCallError(
        platform,
        authOf(request),
        request.body,
        requestMeta(request),
      );
      reply.status(201);
      return created(null, RECORDED);
    },
  );

  r.post(
    '/v2/client-errors',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Báo lỗi từ ứng dụng web (theo lô)',
        body: clientErrorsBody,
        response: answers.created(noData),
      },
      config: { access: 'optional', ...perIpLimit(30, '1 minute') },
    },
    async (request, reply) => {
      await diagnostics.recordClientErrors(
        platform,
        request.authContext,
        request.body,
        requestMeta(request),
      );
      reply.status(201);
      return created(null, RECORDED);
    },
  );

  r.get(
    '/v2/diagnostics',
    {
      schema: {
        tags,
        summary: 'Danh sách nhật ký chẩn đoán',
        querystring: diagnosticsQuery,
        response: answers.list(diagnosticView),
      },
      config: { access: 'diagnostics.read' },
    },
    async (request) => {
      const { reports, total } = await diagnostics.listReports(
        platform,
        authOf(request),
        request.query,
      );
      return list(reports, total);
    },
  );
};
