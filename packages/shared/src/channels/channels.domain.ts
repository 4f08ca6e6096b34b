import type { DomainDeclaration } from '../platform/domain.js';
import { ADMINISTRATORS } from '../users/roles.js';

/** The tenant's connected channels (`/settings/multi-channels/*`). */
export const channelsDomain = {
  permissions: {
    /** Connect, change and remove channels (their secrets included). */
    'channel.manage': ADMINISTRATORS,
  },
  auditActions: {
    'channel.create': 'Kết nối kênh',
    'channel.update': 'Cập nhật kênh',
    'channel.delete': 'Xóa kênh',
  },
} as const satisfies DomainDeclaration;
