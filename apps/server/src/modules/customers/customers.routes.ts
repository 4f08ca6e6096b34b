import { z } from 'zod';
import {
  customerBody,
  customerBulkAnswer,
  customerBulkBody,
  customerDetailView,
  customerDuplicateView,
  customerListAnswer,
  customerFilterBody,
  customerListQuery,
  customerMergeBody,
  customerRefParams,
  customerUpdateBody,
} from '@omnicare/shared/customers/customers.schemas';
import { activityEntryView } from '@omnicare/shared/audit/activity.schemas';
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
import {
  importSampleQuery,
  importStartBody,
} from '@omnicare/shared/customers/customer-import.schemas';
import {
  importErrors,
  importSample,
  previewImport,
  startImport,
} from './customers-import.service.js';
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
        summary: 'Chi tiết khách hàng (theo mã hoặc số khách hàng)',
        params: customerRefParams,
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
    '/v2/customers/:id/duplicates',
    {
      schema: {
        tags,
        summary: 'Khách hàng có thể trùng',
        params: idParams,
        response: answers.ok(z.array(customerDuplicateView)),
      },
      config: { access: STAFF },
    },
    async (request) =>
      ok(await customers.customerDuplicates(platform, authOf(request), request.params.id)),
  );

  r.get(
    '/v2/customers/:id/timeline',
    {
      schema: {
        tags,
        summary: 'Lịch sử hoạt động của khách hàng',
        params: idParams,
        querystring: pageQuery,
        response: answers.list(activityEntryView),
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

  r.get(
    '/v2/customers/import/sample',
    {
      schema: {
        tags,
        summary: 'Tệp mẫu để nhập khách hàng (XLSX hoặc CSV)',
        querystring: importSampleQuery,
        // A raw file, not an envelope.
        response: { 200: z.any().describe('file') },
      },
      config: { access: STAFF },
    },
    async (request, reply) => {
      const file = await importSample(platform, authOf(request).tenantId, request.query.format);
      reply.header('content-type', file.type);
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      );
      return reply.send(file.content);
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
