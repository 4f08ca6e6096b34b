import { NavLink } from 'react-router';
import type { SubNavLink } from './shell-navigation';
import { cn } from '@/lib/cn';

/** A row of links between sibling pages, the current one highlighted. */
export function SubNavLinks({ label, links }: { label: string; links: readonly SubNavLink[] }) {
  return (
    <nav aria-label={label} className="-mx-1 flex gap-1 overflow-x-auto pb-1">
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
