import { labelled } from '@omnicare/shared/platform/labelled';

/** The groups of the settings home (spec section 2), in the order they are shown. */
export const SETTINGS_GROUP = labelled({
  channels: 'Đa kênh',
  tickets: 'Ticket',
  users: 'Người dùng',
  templates: 'Mẫu tin',
  system: 'Hệ thống',
});
export type SettingsGroup = (typeof SETTINGS_GROUP.values)[number];
