import { auditQuery, type AuditEntry } from '@omnicare/shared/audit/audit.schemas';
import { authOf } from '../../platform/auth.js';
import { list } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { listAudit } from './audit.repository.js';

export const auditRoutes: RouteModule = (app, platform) => {
  typed(app).get(
    '/v2/audit-logs',
    {
      schema: { tags: ['audit'], summary: 'Nhật ký thay đổi', querystring: auditQuery },
      config: { access: ['administrator'] },
    },
    async (request) => {
      const { entity, entity_id, page, page_size } = request.query;
      const { rows, total } = await listAudit(platform.db, authOf(request).tenantId, {
        entity,
        entityId: entity_id,
        offset: (page - 1) * page_size,
        limit: page_size,
      });
      const entries: AuditEntry[] = rows.map(({ entry, actorName, impersonatorName }) => ({
        _id: entry.id,
        action: entry.action,
        entity: entry.entity,
        entity_id: entry.entityId,
        actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? '' } : null,
        impersonator: entry.impersonatorId
          ? { _id: entry.impersonatorId, name: impersonatorName ?? '' }
          : null,
        before: entry.before,
        after: entry.after,
        created_at: entry.createdAt.toISOString(),
      }));
      return list(entries, total);
    },
  );
};
