import { Link } from 'react-router';
import { Building2, ChevronDown, LogOut, Menu, UserRound } from 'lucide-react';
import { ROLE } from '@omnicare/shared/users/roles';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useMyAccount } from '@/features/auth/auth.queries';
import { PROFILE_PATH, PROFILE_TITLE } from '@/features/profile/profile-text';
import { requestLogout } from '@/lib/events';
import { useCurrentUser } from '@/stores/session-store';
import { HEADER_WIDGETS } from '../feature-shell';
import { ShortcutsButton } from '@/components/shortcuts/shortcuts';
import { NotificationBell } from './notification-bell';
import { PresenceSelector } from './presence-selector';

export function Header({ onToggleSidebar }: { onToggleSidebar: () => void }) {
  const user = useCurrentUser();
  const account = useMyAccount().data;
  const tenantName = account?.tenant?.name;
  const name = user?.name || user?.email || '';
  const roleLabel = user ? ROLE.label(user.role) : '';
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur">
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={onToggleSidebar}
        aria-label="Bật/tắt menu"
        className="lg:hidden"
      >
        <Menu />
      </Button>
      <div className="flex min-w-0 flex-1 items-center">
        {tenantName && (
          <span className="flex min-w-0 items-center gap-1.5 text-sm text-slate-500" title="Đơn vị">
            <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate">{tenantName}</span>
          </span>
        )}
      </div>
      {HEADER_WIDGETS.map((Widget, index) => (
        <Widget key={index} />
      ))}
      <ShortcutsButton />
      <PresenceSelector />
      <NotificationBell />
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Tài khoản: ${name}, ${roleLabel}`}
          className="flex items-center gap-2 rounded-md py-1 pr-1 pl-1 text-left outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600/50"
        >
          <Avatar name={name} url={account?.avatar_url} />
          <span className="hidden flex-col leading-tight sm:flex">
            <span
              data-testid="header-user-name"
              className="max-w-40 truncate text-sm font-medium text-slate-900"
            >
              {name}
            </span>
            <span data-testid="header-user-role" className="text-xs text-slate-500">
              {roleLabel}
            </span>
          </span>
          <ChevronDown className="size-4 text-slate-400" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
            <span className="text-sm font-medium text-slate-900">{name}</span>
            <span className="text-xs text-slate-500">{user?.email}</span>
            <span className="text-xs text-slate-500">{roleLabel}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={PROFILE_PATH}>
              <UserRound aria-hidden="true" />
              {PROFILE_TITLE}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => requestLogout(false)}>
            <LogOut aria-hidden="true" />
            Đăng xuất
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </header>
  );
}
