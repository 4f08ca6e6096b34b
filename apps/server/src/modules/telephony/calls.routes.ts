import { z } from 'zod';
import {
  CALL_MESSAGES,
  callDetail,
  callExportQuery,
  callListQuery,
  callParams,
  callTicketAttachBody,
  callView,
} from '@omnicare/shared/telephony/calls.schemas';
import {
  WRAP_UP_MESSAGES,
  myWrapUpView,
  wrapUpEndedView,
  wrapUpParams,
} from '@omnicare/shared/telephony/wrap-up.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as calls from './calls.service.js';
import * as wrapUps from './wrap-up.service.js';

const tags = ['telephony'];

export const callsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/calls',
    {
      schema: {
        tags,
        summary: 'Lịch sử cuộc gọi',
        querystring: callListQuery,
        response: answers.list(callView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const { data, total } = await calls.listCalls(platform, authOf(request), request.query);
      return list(data, total);
    },
  );
  r.get(
    '/v2/calls/export',
    {
      schema: {
        tags,
        summary: 'Xuất lịch sử cuộc gọi (XLSX)',
        querystring: callExportQuery,
        // A raw file, not an envelope.
        response: { 200: z.any().describe('file') },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const file = await calls.exportCalls(platform, authOf(request), request.query);
      reply.header(
        'content-type',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      );
      return reply.send(file.buffer);
    },
  );
  r.get(
    '/v2/calls/:id',
    {
      schema: {
        tags,
        summary: 'Chi tiết cuộc gọi',
        params: callParams,
        response: answers.ok(callDetail),
      },
      config: { access: 'authenticated' },
    },
    async (request) => ok(await calls.getCall(platform, authOf(request), request.params.id)),
  );
  r.post(
    '/v2/calls/:id/ticket',
    {
      schema: {
        tags,
        summary: 'Tạo ticket từ cuộc gọi chưa có ticket',
        params: callParams,
        response: answers.created(callDetail),
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const call = await calls.createCallTicket(platform, authOf(request), request.params.id);
      reply.status(201);
      return created(call, CALL_MESSAGES.ticketCreated(call.ticket?.code ?? ''));
    },
  );
  r.put(
    '/v2/calls/:id/ticket',
    {
      schema: {
        tags,
        summary: 'Gắn cuộc gọi chưa có ticket vào một ticket',
        params: callParams,
        body: callTicketAttachBody,
        response: answers.ok(callDetail),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const call = await calls.attachCallTicket(
        platform,
        authOf(request),
        request.params.id,
        request.body,
      );
      return ok(call, CALL_MESSAGES.ticketAttached(call.ticket?.code ?? ''));
    },
  );
  r.get(
    '/v2/my-wrap-up',
    {
      schema: {
        tags,
        summary: 'Thời gian xử lý sau cuộc gọi đang chạy của tôi',
        response: answers.ok(myWrapUpView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => ok(await wrapUps.myWrapUp(platform, authOf(request))),
  );
  r.post(
    '/v2/calls/:id/wrap-up/end',
    {
      schema: {
        tags,
        summary: 'Kết thúc xử lý sau cuộc gọi (Sẵn sàng)',
        params: wrapUpParams,
        response: answers.ok(wrapUpEndedView),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(
        await wrapUps.endOwnWrapUp(platform, authOf(request), request.params.id),
        WRAP_UP_MESSAGES.ended,
      ),
  );
};
