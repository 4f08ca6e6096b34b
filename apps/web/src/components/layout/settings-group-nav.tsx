import type { SettingsGroup } from '@/lib/settings-groups';
import { useCurrentUser } from '@/stores/session-store';
import { useShellNavigation } from './shell-navigation';
import { SubNavLinks } from './sub-nav-links';

/**
 * A settings group's pages (as their routes declare them), as tabs above each of them: those the
 * role may open (a team leader reaches the ticket views, and sees no tab that would refuse them).
 */
export function SettingsGroupNav({ group }: { group: SettingsGroup }) {
  const role = useCurrentUser()?.role;
  const entry = useShellNavigation()
    .settingsGroups(role)
    .find((item) => item.group === group);
  if (!entry || entry.links.length < 2) return null;
  return <SubNavLinks label={entry.title} links={entry.links} />;
}
