import { auditEntryView, auditQuery } from '@omnicare/shared/audit/audit.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, list } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { auditLogPage } from './audit.service.js';

export const auditRoutes: RouteModule = (app, platform) => {
  typed(app).get(
    '/v2/audit-logs',
    {
      schema: {
        tags: ['audit'],
        summary: 'Nhật ký thay đổi',
        querystring: auditQuery,
        response: answers.list(auditEntryView),
      },
      config: { access: 'audit.read' },
    },
    async (request) => {
      const { entries, total } = await auditLogPage(platform, authOf(request), request.query);
      return list(entries, total);
    },
  );
};
