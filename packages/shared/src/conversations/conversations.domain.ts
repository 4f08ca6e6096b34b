import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS } from '../users/roles.js';

/** Conversations: chats and every channel's messages, routed to agents. */
export const conversationsDomain = {
  permissions: {
    /** The tenant's chat settings (routing, greeting, survey); every staff member reads them. */
    'chat.configure': ADMINISTRATORS,
  },
  auditActions: {
    'chat_config.update': 'Cập nhật cấu hình chat',
  },
} as const satisfies DomainDeclaration;
