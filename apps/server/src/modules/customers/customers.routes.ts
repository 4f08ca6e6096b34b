import { z } from 'zod';
import {
  customerBody,
  customerBulkAnswer,
  customerBulkBody,
  customerDetailView,
  customerListAnswer,
  customerFilterBody,
  customerListQuery,
  customerMergeBody,
  customerUpdateBody,
  timelineEntryView,
} from '@omnicare/shared/customers/customers.schemas';
import { importPreviewView } from '@omnicare/shared/customers/customer-import.schemas';
import { jobView } from '@omnicare/shared/jobs/jobs.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { pageQuery } from '@omnicare/shared/platform/validation';
import { authOf } from '../../platform/auth.js';
import { can } from '@omnicare/shared/users/permissions';
import { AppError } from '../../platform/errors.js';
import { answers, bulkAnswer, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as customers from './customers.service.js';
import { importStartBody } from '@omnicare/shared/customers/customer-import.schemas';
import { importErrors, previewImport, startImport } from './customers-import.service.js';
import { startExport } from './customers-export.service.js';

const idParams = z.object({ id: z.uuid('Mã khách hàng không hợp lệ') });
const tags = ['customers'];
const STAFF = 'authenticated' as const;

export const customersRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.get(
    '/v2/customers',
    {
      schema: {
        tags,
        summary: 'Danh sách khách hàng',
        querystring: customerListQuery,
        response: { 200: customerListAnswer },
      },
      config: { access: STAFF },
    },
    async (request) => {
      const { data, total, capped } = await customers.listCustomers(
        platform,
        authOf(request),
        request.query,
      );
      // Past COUNT_CAP matches, total is the cap and total_capped says there are more.
      return { ...list(data, total), total_capped: capped };
    },
  );

  r.get(
    '/v2/customers/:id',
    {
      schema: {
        tags,
        summary: 'Chi tiết khách hàng',
        params: idParams,
        response: answers.ok(customerDetailView),
      },
      config: { access: STAFF },
    },
    async (request) =>
      ok(await customers.getCustomer(platform, authOf(request), request.params.id)),
  );

  r.post(
    '/v2/customers',
    {
      schema: {
        tags,
        summary: 'Tạo khách hàng',
        body: customerBody,
        response: answers.created(customerDetailView),
      },
      config: { access: STAFF },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await customers.createCustomer(platform, authOf(request), request.body),
        'Tạo mới khách hàng thành công',
      );
    },
  );

  r.put(
    '/v2/customers/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật khách hàng',
        params: idParams,
        body: customerUpdateBody,
        response: answers.ok(customerDetailView),
      },
      config: { access: STAFF },
    },
    async (request) =>
      ok(
        await customers.updateCustomer(platform, authOf(request), request.params.id, request.body),
        'Cập nhật thành công',
      ),
  );

  r.delete(
    '/v2/customers/:id',
    {
      schema: { tags, summary: 'Xóa khách hàng', params: idParams, response: answers.ok(noData) },
      config: { access: 'customer.delete' },
    },
    async (request) => {
      await customers.deleteCustomer(platform, authOf(request), request.params.id);
      return ok(null, 'Xóa thành công');
    },
  );

  r.post(
    '/v2/customers/bulk',
    {
      schema: {
        tags,
        summary: 'Thao tác hàng loạt',
        body: customerBulkBody,
        response: answers.ok(customerBulkAnswer),
      },
      config: { access: STAFF },
    },
    async (request) => {
      const auth = authOf(request);
      if (request.body.action === 'delete' && !can(auth.role, 'customer.delete')) {
        throw new AppError(401);
      }
      return bulkAnswer(await customers.bulk(platform, auth, request.body), 'Cập nhật thành công');
    },
  );

  r.post(
    '/v2/customers/merge',
    {
      schema: {
        tags,
        summary: 'Gộp hai khách hàng',
        body: customerMergeBody,
        response: answers.ok(customerDetailView),
      },
      config: { access: 'customer.merge' },
    },
    async (request) =>
      ok(
        await customers.mergeCustomers(
          platform,
          authOf(request),
          request.body.survivor_id,
          request.body.merged_id,
        ),
        'Gộp khách hàng thành công',
      ),
  );

  r.get(
    '/v2/customers/:id/timeline',
    {
      schema: {
        tags,
        summary: 'Lịch sử hoạt động của khách hàng',
        params: idParams,
        querystring: pageQuery,
        response: answers.list(timelineEntryView),
      },
      config: { access: STAFF },
    },
    async (request) => {
      const { data, total } = await customers.customerTimeline(
        platform,
        authOf(request),
        request.params.id,
        request.query,
      );
      return list(data, total);
    },
  );

  r.post(
    '/v2/customers/import/preview',
    {
      schema: {
        tags,
        summary: 'Xem trước tệp nhập khách hàng (multipart, field file)',
        response: answers.ok(importPreviewView),
      },
      config: { access: STAFF },
    },
    async (request) => {
      const file = await request.file();
      if (!file) throw importErrors.missingFile();
      return ok(await previewImport(platform, authOf(request), file.filename, file.file));
    },
  );

  r.post(
    '/v2/customers/import',
    {
      schema: {
        tags,
        summary: 'Nhập khách hàng (tác vụ nền)',
        body: importStartBody,
        response: answers.created(jobView),
      },
      config: { access: STAFF },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await startImport(platform, authOf(request), request.body),
        'Đã bắt đầu nhập khách hàng',
      );
    },
  );

  r.post(
    '/v2/customers/export',
    {
      schema: {
        tags,
        summary: 'Xuất khách hàng theo bộ lọc (tác vụ nền)',
        body: customerFilterBody,
        response: answers.created(jobView),
      },
      config: { access: STAFF },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await startExport(platform, authOf(request), request.body),
        'Đã bắt đầu xuất khách hàng',
      );
    },
  );

  r.post(
    '/v2/customers/:id/avatar',
    {
      schema: {
        tags,
        summary: 'Tải ảnh đại diện (multipart, field file)',
        params: idParams,
        response: answers.ok(customerDetailView),
      },
      config: { access: STAFF },
    },
    async (request) => {
      const file = await request.file();
      return ok(
        await customers.setAvatar(
          platform,
          authOf(request),
          request.params.id,
          file ? await file.toBuffer() : undefined,
        ),
        'Cập nhật ảnh đại diện thành công',
      );
    },
  );
};
