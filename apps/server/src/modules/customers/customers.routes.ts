import { z } from 'zod';
import {
  customerBody,
  customerBulkBody,
  customerListQuery,
  customerMergeBody,
} from '@omnicare/shared/customers/customers.schemas';
import { pageQuery } from '@omnicare/shared/platform/validation';
import { authOf } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { bulkAnswer, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as customers from './customers.service.js';
import { importStartBody } from '@omnicare/shared/customers/customer-import.schemas';
import { importErrors, previewImport, startImport } from './customers-import.service.js';
import { startExport } from './customers-export.service.js';

const idParams = z.object({ id: z.uuid('Mã khách hàng không hợp lệ') });
const tags = ['customers'];
const STAFF = 'authenticated' as const;
const MANAGERS = ['administrator', 'supervisor', 'team_leader'] as const;

export const customersRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.get(
    '/v2/customers',
    {
      schema: { tags, summary: 'Danh sách khách hàng', querystring: customerListQuery },
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
      schema: { tags, summary: 'Chi tiết khách hàng', params: idParams },
      config: { access: STAFF },
    },
    async (request) =>
      ok(await customers.getCustomer(platform, authOf(request), request.params.id)),
  );

  r.post(
    '/v2/customers',
    { schema: { tags, summary: 'Tạo khách hàng', body: customerBody }, config: { access: STAFF } },
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
      schema: { tags, summary: 'Cập nhật khách hàng', params: idParams, body: customerBody },
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
    { schema: { tags, summary: 'Xóa khách hàng', params: idParams }, config: { access: MANAGERS } },
    async (request) => {
      await customers.deleteCustomer(platform, authOf(request), request.params.id);
      return ok(null, 'Xóa thành công');
    },
  );

  r.post(
    '/v2/customers/bulk',
    {
      schema: { tags, summary: 'Thao tác hàng loạt', body: customerBulkBody },
      config: { access: STAFF },
    },
    async (request) => {
      const auth = authOf(request);
      if (
        request.body.action === 'delete' &&
        !(MANAGERS as readonly string[]).includes(auth.role)
      ) {
        throw new AppError(401);
      }
      return bulkAnswer(await customers.bulk(platform, auth, request.body), 'Cập nhật thành công');
    },
  );

  r.post(
    '/v2/customers/merge',
    {
      schema: { tags, summary: 'Gộp hai khách hàng', body: customerMergeBody },
      config: { access: MANAGERS },
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
      schema: { tags, summary: 'Xem trước tệp nhập khách hàng (multipart, field file)' },
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
      schema: { tags, summary: 'Nhập khách hàng (tác vụ nền)', body: importStartBody },
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
        body: customerListQuery.partial(),
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
      schema: { tags, summary: 'Tải ảnh đại diện (multipart, field file)', params: idParams },
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
