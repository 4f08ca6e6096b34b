import { SETTINGS_GROUPS } from '@/app/navigation';
import type { SettingsGroup } from '@/features/settings/settings-groups';
import { SubNavLinks } from './sub-nav-links';

/** A settings group's pages (as their routes declare them), as tabs above each of them. */
export function SettingsGroupNav({ group }: { group: SettingsGroup }) {
  const entry = SETTINGS_GROUPS.find((item) => item.group === group);
  if (!entry) return null;
  return <SubNavLinks label={entry.title} links={entry.links} />;
}
