import { Eye, WifiOff } from 'lucide-react';
import { ROLE } from '@omnicare/shared/users/roles';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { Button } from '@/components/ui/button';
import { useExitViewAs } from '@/features/view-as/use-view-as';
import { useAppStatusStore } from '@/stores/app-status-store';
import { useSessionStore } from '@/stores/session-store';

/** Whom you are viewing as, with the way out. */
export function ViewAsBanner() {
  const viewAsUser = useSessionStore((state) => state.viewAsUser);
  const exit = useExitViewAs();
  if (!viewAsUser) return null;
  return (
    <div
      role="status"
      data-testid="view-as-banner"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-400 px-4 py-1.5 text-sm text-amber-950"
    >
      <Eye className="size-4" aria-hidden="true" />
      <span>
        Bạn đang xem với tư cách <strong>{viewAsUser.name}</strong> ({ROLE.label(viewAsUser.role)})
      </span>
      <Button
        size="sm"
        variant="outline"
        className="h-7 border-amber-700/30 bg-amber-50 hover:bg-white"
        onClick={exit}
      >
        Thoát chế độ xem
      </Button>
    </div>
  );
}

/** Shown while the browser reports no internet connection. */
export function OfflineBanner() {
  const online = useAppStatusStore((state) => state.isInternetConnected);
  if (online) return null;
  return (
    <div
      role="alert"
      className="flex items-center justify-center gap-2 bg-slate-800 px-4 py-1.5 text-sm text-white"
    >
      <WifiOff className="size-4" aria-hidden="true" />
      {MESSAGES.offline}
    </div>
  );
}
