import { SETTINGS_GROUPS } from '@/app/navigation';
import { canAccess } from '@/app/route-access';
import type { SettingsGroup } from '@/lib/settings-groups';
import { useCurrentUser } from '@/stores/session-store';
import { SubNavLinks } from './sub-nav-links';

/**
 * A settings group's pages (as their routes declare them), as tabs above each of them: those the
 * role may open (a team leader reaches the ticket views, and sees no tab that would refuse them).
 */
export function SettingsGroupNav({ group }: { group: SettingsGroup }) {
  const user = useCurrentUser();
  const entry = SETTINGS_GROUPS.find((item) => item.group === group);
  if (!entry) return null;
  const links = entry.links.filter((link) => canAccess(link.to, user?.role));
  if (links.length < 2) return null;
  return <SubNavLinks label={entry.title} links={links} />;
}
