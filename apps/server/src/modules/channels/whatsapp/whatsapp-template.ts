import { WHATSAPP_MESSAGES as M } from '@omnicare/shared/channels/whatsapp.schemas';
import {
  findPlaceholders,
  isPlaceholderKey,
  renderTemplate,
} from '@omnicare/shared/templates/placeholders';
import { WHATSAPP_TEMPLATE_LANGUAGE } from '@omnicare/shared/templates/templates.schemas';
import type { AuthContext } from '../../../platform/auth.js';
import type { Platform } from '../../../platform/context.js';
import { fieldError } from '../../../platform/errors.js';
import { templatesOfUser } from '../../templates/templates.service.js';
import { addComment } from '../../tickets/ticket-comments.service.js';
import { ticketPlaceholderValues } from '../../tickets/ticket-placeholders.js';
import { getVisibleTicket } from '../../tickets/ticket-queries.js';

/**
 * An approved WhatsApp template on a WhatsApp conversation: the one message Meta takes outside
 * the 24-hour window. Its placeholders are filled for this conversation (the text the team sees);
 * each one, in order, is one of the body parameters Meta fills its {{1}}, {{2}}… with. The
 * message is queued like any reply and sent by the WhatsApp send job as `type: template`.
 */
export async function sendWhatsAppTemplate(
  platform: Platform,
  auth: AuthContext,
  ticketId: string,
  templateId: string,
) {
  const ticket = await getVisibleTicket(platform, auth, ticketId);
  const usable = await templatesOfUser(platform, auth, auth.userId, { kind: 'whatsapp' });
  const template = usable.find((one) => one._id === templateId);
  if (!template) throw fieldError('template_id', M.templateNotFound);
  if (!template.wa_template_name) throw fieldError('template_id', M.templateNotLinked);
  const values = await ticketPlaceholderValues(platform, auth, ticket);
  // Meta refuses an empty parameter: an unknown value goes as a dash.
  const parameters = findPlaceholders(template.content)
    .map((found) => found.key)
    .filter(isPlaceholderKey)
    .map((key) => values[key] || '-');
  return addComment(platform, auth, ticket._id, {
    body: renderTemplate(template.content, values, 'blank'),
    public: true,
    files: [],
    format: 'text',
    template: {
      name: template.wa_template_name,
      language: template.wa_language ?? WHATSAPP_TEMPLATE_LANGUAGE,
      parameters,
    },
  });
}
