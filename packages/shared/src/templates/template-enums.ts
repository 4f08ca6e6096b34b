import { labelled } from '../platform/labelled.js';

/** The kinds of message template (spec section 3: sms, zns, chat, whatsapp, email). */
export const TEMPLATE_KIND = labelled({
  sms: 'SMS',
  zns: 'Zalo ZNS',
  chat: 'Chat',
  whatsapp: 'WhatsApp',
  email: 'Email',
});
export type TemplateKind = (typeof TEMPLATE_KIND.values)[number];
export const TEMPLATE_KINDS = TEMPLATE_KIND.values as [TemplateKind, ...TemplateKind[]];

/**
 * Who may use a template: everyone in the tenant, the members of chosen departments (groups
 * with target 'user'), or only its owner.
 */
export const TEMPLATE_VISIBILITY = labelled({
  everyone: 'Mọi người',
  departments: 'Phòng ban',
  personal: 'Cá nhân',
});
export type TemplateVisibility = (typeof TEMPLATE_VISIBILITY.values)[number];
export const TEMPLATE_VISIBILITIES = TEMPLATE_VISIBILITY.values as [
  TemplateVisibility,
  ...TemplateVisibility[],
];
