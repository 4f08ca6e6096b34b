import { z } from 'zod';
import {
  agentPresenceBody,
  agentPresenceView,
  agentWrapUpEndedView,
  agentsMonitorView,
  callCenterMonitorView,
  callMonitorView,
  channelsMonitorView,
  dailyStatsMonitorView,
  MONITOR_MESSAGES,
  monitorRowsQuery,
  monitorRowsView,
} from '@omnicare/shared/monitors/monitors.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { monitorHubOf } from './monitor-hub.js';
import * as monitors from './monitors.service.js';

const tags = ['monitors'];
const read = { access: 'monitors.read' as const };
const idParams = z.object({ id: z.uuid(MONITOR_MESSAGES.agentNotFound) });

/**
 * The monitors' snapshot, each screen's part (the same as pushed to `monitor:watch` sockets),
 * the rows behind a figure, and a supervisor's presence change for an agent.
 */
export const monitorsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  const hub = monitorHubOf(platform);
  app.addHook('onClose', async () => hub.stop());
  const current = (request: Parameters<typeof authOf>[0]) => hub.current(authOf(request));

  r.get(
    '/v2/monitors/agents',
    {
      schema: { tags, summary: 'Giám sát chuyên viên', response: answers.ok(agentsMonitorView) },
      config: read,
    },
    async (request) => ok(await current(request)),
  );
  r.get(
    '/v2/monitors/call-center',
    {
      schema: { tags, summary: 'Giám sát tổng đài', response: answers.ok(callCenterMonitorView) },
      config: read,
    },
    async (request) => ok(await current(request)),
  );
  r.get(
    '/v2/monitors/call-monitor',
    {
      schema: { tags, summary: 'Giám sát cuộc gọi', response: answers.ok(callMonitorView) },
      config: read,
    },
    async (request) => ok(await current(request)),
  );
  r.get(
    '/v2/monitors/channels',
    {
      schema: { tags, summary: 'Giám sát kênh', response: answers.ok(channelsMonitorView) },
      config: read,
    },
    async (request) => ok(await current(request)),
  );
  r.get(
    '/v2/monitors/daily-stats',
    {
      schema: { tags, summary: 'Thống kê trong ngày', response: answers.ok(dailyStatsMonitorView) },
      config: read,
    },
    async (request) => ok(await current(request)),
  );
  r.get(
    '/v2/monitors/rows',
    {
      schema: {
        tags,
        summary: 'Các bản ghi sau một chỉ số của màn hình giám sát',
        querystring: monitorRowsQuery,
        response: answers.ok(monitorRowsView),
      },
      config: read,
    },
    async (request) => ok(await monitors.monitorRows(platform, authOf(request), request.query)),
  );
  r.put(
    '/v2/monitors/agents/:id/presence',
    {
      schema: {
        tags,
        summary: 'Đổi trạng thái làm việc của một chuyên viên',
        params: idParams,
        body: agentPresenceBody,
        response: answers.ok(agentPresenceView),
      },
      config: { access: 'monitors.presence' },
    },
    async (request) =>
      ok(
        await monitors.setAgentPresence(
          platform,
          authOf(request),
          request.params.id,
          request.body.presence,
        ),
        MONITOR_MESSAGES.presenceChanged,
      ),
  );
  r.post(
    '/v2/monitors/agents/:id/wrap-up/end',
    {
      schema: {
        tags,
        summary: 'Kết thúc xử lý sau cuộc gọi của một chuyên viên',
        params: idParams,
        response: answers.ok(agentWrapUpEndedView),
      },
      config: { access: 'monitors.presence' },
    },
    async (request) =>
      ok(
        await monitors.endAgentWrapUp(platform, authOf(request), request.params.id),
        MONITOR_MESSAGES.wrapUpEnded,
      ),
  );
};
