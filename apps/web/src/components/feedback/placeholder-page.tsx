import type { ReactNode } from 'react';
import { NavLink, useMatches } from 'react-router';
import { Construction } from 'lucide-react';
import { canAccess } from '@/app/route-access';
import { AREA_LINKS } from '@/app/navigation';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { IN_DEVELOPMENT_LABEL } from '@/lib/web-constants';
import { useCurrentUser } from '@/stores/session-store';

export interface PageHandle {
  title: string;
  area?: string;
}

function isPageHandle(value: unknown): value is PageHandle {
  return Boolean(
    value && typeof value === 'object' && typeof (value as PageHandle).title === 'string',
  );
}

/** The innermost route's title and area, from its `handle`. */
export function usePageHandle(): PageHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isPageHandle(handle)) return handle;
  }
  return { title: '' };
}

/** Links between the pages of one area, only those the role may open. */
export function AreaNav({ area }: { area?: string }) {
  const user = useCurrentUser();
  const links = (area ? AREA_LINKS[area] : undefined)?.filter((link) =>
    canAccess(link.to, user?.role),
  );
  if (!links || links.length < 2) return null;
  return (
    <nav aria-label="Điều hướng khu vực" className="-mx-1 flex gap-1 overflow-x-auto pb-1">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) =>
            cn(
              'rounded-md px-3 py-1.5 text-[13px] font-medium whitespace-nowrap text-slate-600 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600/50',
              isActive && 'bg-teal-50 text-teal-800 hover:bg-teal-50',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {actions}
    </div>
  );
}

/** An honest placeholder for a screen a later issue builds: its title and 'Đang phát triển'. */
export function PlaceholderPage({
  title,
  area,
  children,
}: {
  title?: string;
  area?: string;
  children?: ReactNode;
}) {
  const handle = usePageHandle();
  const pageTitle = title ?? handle.title;
  return (
    <div className="flex flex-col gap-4">
      <AreaNav area={area ?? handle.area} />
      <PageHeader title={pageTitle} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
            <Construction className="size-6" aria-hidden="true" />
          </span>
          <Badge variant="warning">{IN_DEVELOPMENT_LABEL}</Badge>
          <p className="max-w-md text-sm text-slate-600">
            Màn hình “{pageTitle}” chưa có nội dung: tính năng này đang được xây dựng và sẽ có trong
            bản cập nhật tiếp theo.
          </p>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}

/** A route element that shows the placeholder for its own handle. */
export function RoutePlaceholder() {
  return <PlaceholderPage />;
}
