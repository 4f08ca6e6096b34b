import {
  CALL_MESSAGES,
  eventAnswer,
  gatewayCallEvent,
  gatewayStarted,
  gatewayStartedAnswer,
  routeAnswer,
  routeRequest,
} from '@omnicare/shared/telephony/calls.schemas';
import {
  CREDENTIAL_MESSAGES,
  credentialAnswer,
  credentialRequest,
} from '@omnicare/shared/telephony/credentials.schemas';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { endCallsOfRestartedGateway, ingestEvent } from './calls.service.js';
import { credentialOf } from './credentials.service.js';
import { createGatewayGuard } from './gateway-secret.js';
import { routeCall } from './routing.service.js';

const tags = ['telephony'];

/** Called by the SIP gateway, not by users: the shared secret header instead of a session. */
export const gatewayRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  const gateway = { access: 'public' as const };
  const assertGateway = createGatewayGuard(platform);
  r.post(
    '/v2/telephony/route',
    {
      schema: {
        tags,
        summary: 'Quyết định định tuyến cuộc gọi vào (cổng thoại)',
        body: routeRequest,
        response: answers.ok(routeAnswer),
      },
      // calls and queue_members only: no change topic to hear before answering
      config: { ...gateway, settles: false },
      preValidation: assertGateway,
    },
    async (request) => ok(await routeCall(platform, request.body)),
  );
  r.post(
    '/v2/telephony/events',
    {
      schema: {
        tags,
        summary: 'Sự kiện báo hiệu của cuộc gọi (cổng thoại)',
        body: gatewayCallEvent,
        response: answers.ok(eventAnswer),
      },
      config: gateway,
      preValidation: assertGateway,
    },
    async (request) => {
      const result = await ingestEvent(platform, request.body);
      return ok(
        result,
        result.duplicate
          ? CALL_MESSAGES.eventDuplicate
          : result.ignored
            ? CALL_MESSAGES.eventIgnoredCallEnded
            : CALL_MESSAGES.eventRecorded,
      );
    },
  );
  r.post(
    '/v2/telephony/gateway-started',
    {
      schema: {
        tags,
        summary: 'Cổng thoại đã khởi động lại: kết thúc các cuộc gọi nó đã mất',
        body: gatewayStarted,
        response: answers.ok(gatewayStartedAnswer),
      },
      config: gateway,
      preValidation: assertGateway,
    },
    async (request) => {
      const result = await endCallsOfRestartedGateway(platform, request.body);
      return ok(result, CALL_MESSAGES.gatewayStarted(result.ended));
    },
  );
  r.post(
    '/v2/telephony/credentials',
    {
      schema: {
        tags,
        summary: 'Thông tin xác thực SIP của nhân viên (cổng thoại)',
        body: credentialRequest,
        response: answers.ok(credentialAnswer),
      },
      config: gateway,
      preValidation: assertGateway,
    },
    async (request) => ok(await credentialOf(platform, request.body), CREDENTIAL_MESSAGES.found),
  );
};
