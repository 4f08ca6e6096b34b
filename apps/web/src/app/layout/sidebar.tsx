import { NavLink, useLocation } from 'react-router';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { BrandMark } from '@/components/feedback/brand-mark';
import { Tooltip } from '@/components/ui/tooltip';
import { useMyAccount } from '@/features/auth/auth.queries';
import { cn } from '@/lib/cn';
import { useCurrentUser, useSessionStore } from '@/stores/session-store';
import { visibleNavItems } from '../navigation';

function isInArea(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

/** The functional areas, only those the signed-in role may open; icons only when collapsed. */
export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const user = useCurrentUser();
  const storedUser = useSessionStore((state) => state.user);
  const account = useMyAccount();
  const { pathname } = useLocation();
  const items = visibleNavItems(user?.role, {
    features: account.data?.tenant.features,
    isAdminFlag: Boolean(storedUser?.is_admin),
  });

  return (
    <aside
      className={cn(
        'sticky top-0 flex h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200',
        collapsed ? 'w-16' : 'w-60',
      )}
    >
      <div
        className={cn(
          'flex h-14 items-center border-b border-slate-100',
          collapsed ? 'justify-center' : 'px-4',
        )}
      >
        <BrandMark compact={collapsed} className="text-slate-900" />
      </div>
      <nav aria-label="Điều hướng chính" className="flex-1 overflow-y-auto px-2 py-3">
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => {
            const active = isInArea(pathname, item.areaPath);
            const Icon = item.icon;
            return (
              <li key={item.areaPath}>
                <Tooltip content={collapsed ? item.label : undefined} side="right">
                  <NavLink
                    to={item.to}
                    aria-label={collapsed ? item.label : undefined}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-600 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600/50',
                      collapsed && 'justify-center px-0',
                      active && 'bg-teal-50 text-teal-800 hover:bg-teal-50 hover:text-teal-900',
                    )}
                  >
                    <Icon
                      className={cn(
                        'size-[18px] shrink-0',
                        active ? 'text-teal-700' : 'text-slate-400',
                      )}
                      aria-hidden="true"
                    />
                    {!collapsed && <span className="truncate">{item.label}</span>}
                  </NavLink>
                </Tooltip>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-slate-100 p-2">
        <button
          type="button"
          onClick={onToggle}
          aria-label={collapsed ? 'Mở rộng menu' : 'Thu gọn menu'}
          aria-expanded={!collapsed}
          className={cn(
            'flex h-9 w-full items-center gap-3 rounded-md px-3 text-sm text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-teal-600/50',
            collapsed && 'justify-center px-0',
          )}
        >
          {collapsed ? (
            <PanelLeftOpen className="size-[18px]" />
          ) : (
            <PanelLeftClose className="size-[18px]" />
          )}
          {!collapsed && <span>Thu gọn</span>}
        </button>
      </div>
    </aside>
  );
}
