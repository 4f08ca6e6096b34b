import { z } from 'zod';
import { SLA_MESSAGES, slaOrderBody, slaPolicyView } from '@omnicare/shared/sla/sla.schemas';
import { authOf } from '../../platform/auth.js';
import { catalogueRoutes } from '../../platform/catalogue.js';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { SETTINGS_ACCESS } from '../ticket-config/ticket-config.service.js';
import { reorderPolicies, slaPolicies } from './sla.service.js';

/**
 * SLA policies are a catalogue (platform/catalogue.ts: the definition is in the service), and
 * their order of trial changes as a whole.
 */
export const slaRoutes: RouteModule = (app, platform) => {
  catalogueRoutes(slaPolicies)(app, platform);
  typed(app).put(
    '/v2/sla-policies/order',
    {
      schema: {
        tags: ['sla'],
        summary: 'Sắp xếp thứ tự áp dụng chính sách SLA',
        body: slaOrderBody,
        response: answers.ok(z.array(slaPolicyView)),
      },
      config: { access: SETTINGS_ACCESS.manage },
    },
    async (request) =>
      ok(await reorderPolicies(platform, authOf(request), request.body), SLA_MESSAGES.ordered),
  );
};
