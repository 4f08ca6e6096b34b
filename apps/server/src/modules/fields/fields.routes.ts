import { z } from 'zod';
import {
  FIELD_ENTITIES,
  customFieldView,
  fieldBody,
  fieldMissingView,
  fieldOrderBody,
  fieldPatchBody,
} from '@omnicare/shared/fields/fields.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../platform/auth.js';
import { answers, created, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as fields from './fields.service.js';

const idParams = z.object({ id: z.uuid('Mã trường không hợp lệ') });
const tags = ['fields'];

export const fieldsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/fields',
    {
      schema: {
        tags,
        summary: 'Danh sách trường tùy chỉnh',
        querystring: z.object({ entity: z.enum(FIELD_ENTITIES).optional() }),
        response: answers.ok(z.array(customFieldView)),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(await fields.listFields(platform, authOf(request).tenantId, request.query.entity)),
  );
  r.post(
    '/v2/fields',
    {
      schema: {
        tags,
        summary: 'Tạo trường tùy chỉnh',
        body: fieldBody,
        response: answers.created(customFieldView),
      },
      config: { access: 'custom_field.manage' },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await fields.createField(platform, authOf(request), request.body),
        'Tạo mới trường thành công',
      );
    },
  );
  r.put(
    '/v2/fields/order',
    {
      schema: {
        tags,
        summary: 'Sắp xếp thứ tự trường',
        body: fieldOrderBody,
        response: answers.ok(z.array(customFieldView)),
      },
      config: { access: 'custom_field.manage' },
    },
    async (request) =>
      ok(await fields.orderFields(platform, authOf(request), request.body), 'Cập nhật thành công'),
  );
  r.get(
    '/v2/field/:id',
    {
      schema: {
        tags,
        summary: 'Chi tiết trường',
        params: idParams,
        response: answers.ok(customFieldView),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(await fields.getField(platform, authOf(request).tenantId, request.params.id)),
  );
  r.get(
    '/v2/field/:id/missing',
    {
      schema: {
        tags,
        summary: 'Số bản ghi chưa có giá trị của trường',
        params: idParams,
        response: answers.ok(fieldMissingView),
      },
      config: { access: 'custom_field.manage' },
    },
    async (request) =>
      ok(await fields.countMissing(platform, authOf(request).tenantId, request.params.id)),
  );
  r.put(
    '/v2/field/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật trường',
        params: idParams,
        body: fieldBody,
        response: answers.ok(customFieldView),
      },
      config: { access: 'custom_field.manage' },
    },
    async (request) =>
      ok(
        await fields.updateField(platform, authOf(request), request.params.id, request.body),
        'Cập nhật thành công',
      ),
  );
  r.patch(
    '/v2/field/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật một phần trường',
        params: idParams,
        body: fieldPatchBody,
        response: answers.ok(customFieldView),
      },
      config: { access: 'custom_field.manage' },
    },
    async (request) =>
      ok(
        await fields.updateField(platform, authOf(request), request.params.id, request.body),
        'Cập nhật thành công',
      ),
  );
  r.delete(
    '/v2/field/:id',
    {
      schema: { tags, summary: 'Xóa trường', params: idParams, response: answers.ok(noData) },
      config: { access: 'custom_field.manage' },
    },
    async (request) => {
      await fields.deleteField(platform, authOf(request), request.params.id);
      return ok(null, 'Xóa thành công');
    },
  );
};
