import {
  MACRO_MESSAGES,
  macroApplied,
  macroApplyBody,
  macroApplyParams,
  ticketPlaceholdersParams,
  ticketPlaceholderValues,
} from '@omnicare/shared/macros/macros.schemas';
import { authOf } from '../../platform/auth.js';
import { catalogueRoutes } from '../../platform/catalogue.js';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { applyMacro, macros, placeholdersOf } from './macros.service.js';

const tags = ['macros'];

/** The macros' list and changes (a catalogue), applying one to a ticket, and a ticket's placeholder values. */
export const macrosRoutes: RouteModule = (app, platform) => {
  catalogueRoutes(macros)(app, platform);
  const r = typed(app);
  r.post(
    '/v2/tickets/:id/macros/:macroId',
    {
      schema: {
        tags,
        summary: 'Áp dụng macro cho ticket: trả lời công khai và các thay đổi, như một lần sửa',
        params: macroApplyParams,
        body: macroApplyBody,
        response: answers.ok(macroApplied),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const { applied, name } = await applyMacro(
        platform,
        authOf(request),
        request.params.id,
        request.params.macroId,
        request.body,
      );
      return ok(applied, MACRO_MESSAGES.applied(name));
    },
  );
  r.get(
    '/v2/tickets/:id/placeholders',
    {
      schema: {
        tags,
        summary: 'Giá trị các biến của mẫu tin nhắn và macro cho ticket (xem trước khi trả lời)',
        params: ticketPlaceholdersParams,
        response: answers.ok(ticketPlaceholderValues),
      },
      config: { access: 'authenticated' },
    },
    async (request) => ok(await placeholdersOf(platform, authOf(request), request.params.id)),
  );
};
