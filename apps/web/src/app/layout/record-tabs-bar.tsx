import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Building2, FileText, User, X } from 'lucide-react';
import { canAccess } from '@/app/route-access';
import { matchRecordPath } from '@/app/route-table';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/stores/session-store';
import { withChunkReload } from '@/lib/chunk-reload';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { UI_TEXT } from '@/lib/web-constants';
import type { RecordKind, RecordTab } from '@/stores/record-tabs-store';
import { hasTabDraft, recordTabTooltip, useRecordTabsStore } from '@/stores/record-tabs-store';

/** Its own chunk, loaded when a tab holding a draft is first closed. */
const ConfirmDialog = lazy(
  withChunkReload(async () => ({
    default: (await import('@/components/ui/confirm-dialog')).ConfirmDialog,
  })),
);

const KIND_ICON: Record<RecordKind, typeof FileText> = {
  ticket: FileText,
  customer: User,
  organization: Building2,
};

/** Follows navigation: record routes open or activate a tab, other pages are remembered. */
export function useRecordTabSync(): void {
  const location = useLocation();
  const role = useCurrentUser()?.role;
  const visit = useRecordTabsStore((state) => state.visit);
  useEffect(() => {
    // A route the role may not open is on its way to the warning page: no tab for it.
    if (!canAccess(location.pathname, role)) return;
    visit(`${location.pathname}${location.search}`, matchRecordPath(location.pathname));
  }, [location.pathname, location.search, role, visit]);
}

/** The tabs of open tickets, customers and organizations, above the record screens. */
export function RecordTabsBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = useRecordTabsStore((state) => state.tabs);
  const activeKey = useRecordTabsStore((state) => state.activeKey);
  const close = useRecordTabsStore((state) => state.close);
  // A tab holding a draft closes only once the user says to drop it.
  const [closing, setClosing] = useState<RecordTab | null>(null);
  const askedBefore = useOpenedOnce(closing !== null);
  if (!matchRecordPath(pathname) || tabs.length === 0) return null;
  const closeNow = (tab: RecordTab) => {
    const target = close(tab.key);
    if (target) void navigate(target);
  };

  return (
    <div
      role="tablist"
      aria-label="Bản ghi đang mở"
      className="flex items-end gap-1 overflow-x-auto border-b border-slate-200 bg-slate-50 px-4 pt-2"
    >
      {tabs.map((tab) => {
        const active = tab.key === activeKey;
        const Icon = KIND_ICON[tab.kind];
        return (
          <div
            key={tab.key}
            data-testid="record-tab"
            className={cn(
              'group flex max-w-56 items-center rounded-t-md border border-b-0 text-[13px]',
              active
                ? 'border-slate-200 bg-white text-slate-900 shadow-[0_1px_0_0_white]'
                : 'border-transparent text-slate-600 hover:bg-white/70',
            )}
          >
            <Link
              role="tab"
              aria-selected={active}
              to={tab.path}
              title={recordTabTooltip(tab)}
              className="flex min-w-0 items-center gap-1.5 rounded-tl-md py-1.5 pr-1 pl-3 outline-none focus-visible:ring-2 focus-visible:ring-teal-600/50"
            >
              <Icon
                className={cn('size-3.5 shrink-0', active ? 'text-teal-700' : 'text-slate-400')}
                aria-hidden="true"
              />
              <span className="truncate">{tab.title}</span>
            </Link>
            <button
              type="button"
              aria-label={`Đóng ${tab.title}`}
              onClick={() => (hasTabDraft(tab.key) ? setClosing(tab) : closeNow(tab))}
              className="mr-1 rounded p-0.5 text-slate-400 outline-none hover:bg-slate-200 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-teal-600/50"
            >
              <X className="size-3.5" />
            </button>
          </div>
        );
      })}
      {askedBefore && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={closing !== null}
            onOpenChange={(open) => !open && setClosing(null)}
            title={closing ? UI_TEXT.closeDraftTitle(closing.title) : ''}
            description={UI_TEXT.closeDraftDescription}
            confirmText={UI_TEXT.closeDraftConfirm}
            cancelText={UI_TEXT.unsavedStay}
            onConfirm={() => closing && closeNow(closing)}
          />
        </Suspense>
      )}
    </div>
  );
}
