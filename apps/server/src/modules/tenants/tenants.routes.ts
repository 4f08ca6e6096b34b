import { z } from 'zod';
import {
  platformTenantConfigBody,
  tenantConfigBody,
  tenantConfigView,
} from '@omnicare/shared/tenants/tenants.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as tenants from './tenants.service.js';

const tenantParams = z.object({ tenantId: z.uuid('Mã tenant không hợp lệ') });
const tags = ['tenants'];
const platformAdmin = { access: 'platform.administer', requireAdminFlag: true } as const;

export const tenantsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.get(
    '/v2/tenant/config',
    {
      schema: { tags, summary: 'Cấu hình tenant', response: answers.ok(tenantConfigView) },
      config: { access: 'tenant.configure' },
    },
    async (request) => ok(await tenants.getTenantConfig(platform, authOf(request).tenantId)),
  );

  r.put(
    '/v2/tenant/config',
    {
      schema: {
        tags,
        summary: 'Cập nhật cấu hình tenant',
        body: tenantConfigBody,
        response: answers.ok(tenantConfigView),
      },
      config: { access: 'tenant.configure' },
    },
    async (request) => {
      return ok(
        await tenants.updateOwnTenantConfig(platform, authOf(request), request.body),
        'Cập nhật thành công',
      );
    },
  );

  r.get(
    '/v2/tenant/config/:tenantId',
    {
      schema: {
        tags,
        summary: 'Cấu hình của một tenant',
        params: tenantParams,
        response: answers.ok(tenantConfigView),
      },
      config: platformAdmin,
    },
    async (request) => ok(await tenants.getTenantConfig(platform, request.params.tenantId)),
  );

  r.put(
    '/v2/tenant/config/:tenantId',
    {
      schema: {
        tags,
        summary: 'Cập nhật cấu hình của một tenant',
        params: tenantParams,
        body: platformTenantConfigBody,
        response: answers.ok(tenantConfigView),
      },
      config: platformAdmin,
    },
    async (request) =>
      ok(
        await tenants.updateTenantConfigAsPlatform(
          platform,
          authOf(request),
          request.params.tenantId,
          request.body,
        ),
        'Cập nhật thành công',
      ),
  );
};
