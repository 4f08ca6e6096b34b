import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS } from '../users/roles.js';

/** The chat workspace's roles (the spec's `/chat`). */
const CHAT_WORKERS = ['administrator', 'supervisor', 'agent'] as const;

/** Conversations: chats and every channel's messages, routed to agents. */
export const conversationsDomain = {
  permissions: {
    /** The tenant's chat settings (routing, greeting, survey); every staff member reads them. */
    'chat.configure': ADMINISTRATORS,
    /** The chat workspace: its list, read markers and transfers. */
    'conversation.work': CHAT_WORKERS,
  },
  auditActions: {
    'chat_config.update': 'Cập nhật cấu hình chat',
  },
} as const satisfies DomainDeclaration;
