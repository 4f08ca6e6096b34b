import { areaLinks } from '@/app/navigation';
import { canAccess } from '@/app/route-access';
import { useCurrentUser } from '@/stores/session-store';
import { SubNavLinks } from './sub-nav-links';

/** Links between the pages of one area (as their routes declare them), those the role may open. */
export function AreaNav({ area }: { area?: string }) {
  const user = useCurrentUser();
  const links = (area ? areaLinks(area) : []).filter((link) => canAccess(link.to, user?.role));
  if (links.length < 2) return null;
  return <SubNavLinks label="Điều hướng khu vực" links={links} />;
}
