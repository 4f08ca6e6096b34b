import { ChevronDown } from 'lucide-react';
import { PRESENCE, SELECTABLE_PRESENCES } from '@omnicare/shared/users/presence';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useMyAccount, useUpdatePresence } from '@/features/auth/auth.queries';
import { PresenceDot } from '@/components/ui/presence-dot';
import { useSessionStore } from '@/stores/session-store';

/** The agent presence (spec section 3), saved to the server, which broadcasts it. */
export function PresenceSelector() {
  const account = useMyAccount();
  const update = useUpdatePresence();
  // Viewing as someone shows their presence but never changes it on their behalf.
  const viewingAs = useSessionStore((state) => state.viewAsUser !== null);
  const current = account.data?.presence;
  const shown = update.isPending ? update.variables : current;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        disabled={!account.data || viewingAs}
        aria-label={`Trạng thái làm việc: ${shown ? PRESENCE.label(shown) : 'đang tải'}`}
        className="flex h-8 items-center gap-2 rounded-full border border-slate-200 bg-white px-3 text-[13px] text-slate-700 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600/50 disabled:opacity-60"
      >
        <PresenceDot presence={shown} />
        <span className="hidden max-w-36 truncate md:inline">
          {shown ? PRESENCE.label(shown) : '...'}
        </span>
        <ChevronDown className="size-3.5 text-slate-400" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>Trạng thái làm việc</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={shown}
          onValueChange={(value) => {
            if (PRESENCE.is(value) && value !== current) update.mutate(value);
          }}
        >
          {SELECTABLE_PRESENCES.map((presence) => (
            <DropdownMenuRadioItem key={presence} value={presence}>
              <PresenceDot presence={presence} />
              {PRESENCE.label(presence)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
