import { z } from 'zod';
import { activityEntryView } from '@omnicare/shared/audit/activity.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { pageQuery } from '@omnicare/shared/platform/validation';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import { jobView } from '@omnicare/shared/jobs/jobs.schemas';
import {
  TICKET_BULK_MESSAGES,
  TICKET_MESSAGES,
  ticketBody,
  ticketBulkAnswer,
  ticketBulkBody,
  ticketDetailView,
  ticketListAnswer,
  ticketListQuery,
  ticketRefParams,
  ticketStatusOptionsView,
  ticketUpdateBody,
  ticketViewCountsBody,
  ticketViewCountView,
} from '@omnicare/shared/tickets/tickets.schemas';
import { can } from '@omnicare/shared/users/permissions';
import {
  ticketAssigneesQuery,
  ticketAssigneeView,
} from '@omnicare/shared/tickets/ticket-assignees.schemas';
import { authOf } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { accepted, answers, bulkAnswer, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { bulkTickets } from './ticket-bulk.service.js';
import { listAssignees } from './ticket-assignees.service.js';
import { countTicketViews, getTicket, listTickets, ticketActivities } from './ticket-queries.js';
import { createStaffTicket } from './ticket-create.js';
import { updateTicket } from './ticket-changes.js';
import { deleteTicket } from './ticket-delete.js';

const tags = ['tickets'];
const STAFF = 'authenticated' as const;

export const ticketsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.get(
    '/v2/status',
    {
      schema: {
        tags,
        summary: 'Trạng thái ticket',
        response: answers.ok(ticketStatusOptionsView),
      },
      config: { access: STAFF },
    },
    async () => ok(TICKET_STATUS.options()),
  );

  r.get(
    '/v2/tickets',
    {
      schema: {
        tags,
        summary: 'Danh sách ticket',
        querystring: ticketListQuery,
        response: { 200: ticketListAnswer },
      },
      config: { access: STAFF },
    },
    async (request) => {
      const { data, total, capped } = await listTickets(platform, authOf(request), request.query);
      return { ...list(data, total), total_capped: capped };
    },
  );

  r.get(
    '/v2/tickets/assignees',
    {
      schema: {
        tags,
        summary: 'Người có thể nhận ticket',
        description:
          'Nhân viên đang hoạt động trong phạm vi dữ liệu của người gọi (không gồm tài khoản bị ' +
          'khóa hay lời mời chưa nhận), kèm trạng thái làm việc và số ticket đang mở.',
        querystring: ticketAssigneesQuery,
        response: answers.list(ticketAssigneeView),
      },
      config: { access: STAFF },
    },
    async (request) => {
      const { data, total } = await listAssignees(platform, authOf(request), request.query);
      return list(data, total);
    },
  );

  r.post(
    '/v2/tickets/view-counts',
    {
      schema: {
        tags,
        summary: 'Số ticket của từng chế độ xem',
        description:
          'Mỗi chế độ xem theo bộ lọc của danh sách (hoặc smart_view_id), trong phạm vi dữ liệu ' +
          'của người gọi; đếm tới 99 (capped: còn nhiều hơn).',
        body: ticketViewCountsBody,
        response: answers.ok(z.array(ticketViewCountView)),
      },
      config: { access: STAFF },
    },
    async (request) => ok(await countTicketViews(platform, authOf(request), request.body)),
  );

  r.post(
    '/v2/tickets',
    {
      schema: {
        tags,
        summary: 'Tạo ticket',
        body: ticketBody,
        response: answers.created(ticketDetailView),
      },
      config: { access: STAFF },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await createStaffTicket(platform, authOf(request), request.body),
        TICKET_MESSAGES.created,
      );
    },
  );

  r.post(
    '/v2/tickets/bulk',
    {
      schema: {
        tags,
        summary: 'Thao tác hàng loạt trên ticket',
        description:
          'Tối đa 50 ticket: kết quả từng ticket ngay (200). Nhiều hơn: tác vụ nền (202), ' +
          'tiến độ và kết quả từng ticket tại GET /v2/jobs/{id}.',
        body: ticketBulkBody,
        response: { ...answers.ok(ticketBulkAnswer), ...answers.accepted(jobView) },
      },
      config: { access: STAFF },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (request.body.action === 'delete' && !can(auth.role, 'ticket.delete'))
        throw new AppError(401);
      const done = await bulkTickets(platform, auth, request.body);
      if ('job' in done) {
        reply.status(202);
        return accepted(done.job, TICKET_BULK_MESSAGES.started);
      }
      return bulkAnswer(done.results, 'Cập nhật thành công');
    },
  );

  r.get(
    '/v2/tickets/:id',
    {
      schema: {
        tags,
        summary: 'Chi tiết ticket (theo mã hoặc số ticket)',
        params: ticketRefParams,
        response: answers.ok(ticketDetailView),
      },
      config: { access: STAFF },
    },
    async (request) => ok(await getTicket(platform, authOf(request), request.params.id)),
  );

  r.put(
    '/v2/tickets/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật ticket',
        params: ticketRefParams,
        body: ticketUpdateBody,
        response: answers.ok(ticketDetailView),
      },
      config: { access: STAFF },
    },
    async (request) =>
      ok(
        await updateTicket(platform, authOf(request), request.params.id, request.body),
        TICKET_MESSAGES.updated,
      ),
  );

  r.delete(
    '/v2/tickets/:id',
    {
      schema: {
        tags,
        summary: 'Xóa ticket',
        params: ticketRefParams,
        response: answers.ok(noData),
      },
      config: { access: 'ticket.delete' },
    },
    async (request) => {
      await deleteTicket(platform, authOf(request), request.params.id);
      return ok(null, TICKET_MESSAGES.deleted);
    },
  );

  r.get(
    '/v2/tickets/:id/activities',
    {
      schema: {
        tags,
        summary: 'Nhật ký hoạt động của ticket',
        params: ticketRefParams,
        querystring: pageQuery,
        response: answers.list(activityEntryView),
      },
      config: { access: STAFF },
    },
    async (request) => {
      const { data, total } = await ticketActivities(
        platform,
        authOf(request),
        request.params.id,
        request.query,
      );
      return list(data, total);
    },
  );
};
