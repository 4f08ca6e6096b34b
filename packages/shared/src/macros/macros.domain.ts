import type { DomainDeclaration } from '../platform/domain.js';

/** Macros: a reply and ticket changes applied as one. */
export const macrosDomain = {
  permissions: {
    /** Macros shared with the whole tenant; personal ones are anyone's own. */
    'macro.share': ['administrator', 'team_leader'],
  },
  auditActions: {
    'macro.create': 'Tạo macro',
    'macro.update': 'Cập nhật macro',
    'macro.delete': 'Xóa macro',
  },
} as const satisfies DomainDeclaration;
