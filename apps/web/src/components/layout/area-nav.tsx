import { useCurrentUser } from '@/stores/session-store';
import { useShellNavigation } from './shell-navigation';
import { SubNavLinks } from './sub-nav-links';

/** Links between the pages of one area (as their routes declare them), those the role may open. */
export function AreaNav({ area }: { area?: string }) {
  const role = useCurrentUser()?.role;
  const { areaLinks } = useShellNavigation();
  const links = area ? areaLinks(area, role) : [];
  if (links.length < 2) return null;
  return <SubNavLinks label="Điều hướng khu vực" links={links} />;
}
