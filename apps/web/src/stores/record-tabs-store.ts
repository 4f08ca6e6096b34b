import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { MAX_RECORD_TABS } from '@omnicare/shared/platform/constants';
import { matchRecordPath } from '@/app/route-table';
import { readJsonItem, removeItem, writeJsonItem } from '@/lib/storage';
import {
  RECORD_TABS_STORAGE_KEY,
  RECORD_TAB_DRAFT_PREFIX,
  RECORD_TAB_FALLBACK_PATH,
  RECORD_TAB_NEW_TITLE,
} from '@/lib/web-constants';

export type RecordKind = 'ticket' | 'customer' | 'organization';

export interface RecordTab {
  key: string;
  kind: RecordKind;
  id: string;
  path: string;
  title: string;
}

/** Draft parts kept per tab (spec section 2): ticket, customer, organization, comment, extra fields. */
export interface RecordTabDraft {
  ticket?: Record<string, unknown>;
  customer?: Record<string, unknown>;
  organization?: Record<string, unknown>;
  comment?: string;
  extraFields?: Record<string, unknown>;
}
export type DraftPart = keyof RecordTabDraft;

const KIND_PREFIX: Record<RecordKind, string> = {
  ticket: 'Ticket',
  customer: 'Customer',
  organization: 'Tổ chức',
};

/** 'Ticket mới' for ids starting with 'new', else 'Ticket {id}', 'Customer {id}', 'Tổ chức {id}'. */
export function recordTabTitle(kind: RecordKind, id: string): string {
  return id.startsWith('new') ? RECORD_TAB_NEW_TITLE : `${KIND_PREFIX[kind]} ${id}`;
}

export const recordTabKey = (kind: RecordKind, id: string) => `${kind}:${id}`;
const draftKey = (tabKey: string) => `${RECORD_TAB_DRAFT_PREFIX}${tabKey}`;

export function readTabDraft(tabKey: string): RecordTabDraft {
  return readJsonItem<RecordTabDraft>(draftKey(tabKey)) ?? {};
}

export function saveTabDraft<P extends DraftPart>(
  tabKey: string,
  part: P,
  value: RecordTabDraft[P] | undefined,
): void {
  const draft = readTabDraft(tabKey);
  if (value === undefined || value === '') delete draft[part];
  else draft[part] = value;
  if (Object.keys(draft).length === 0) removeItem(draftKey(tabKey));
  else writeJsonItem(draftKey(tabKey), draft);
}

/** Whether the tab holds unsaved work: closing it asks first. */
export const hasTabDraft = (tabKey: string) => Object.keys(readTabDraft(tabKey)).length > 0;

export function removeTabDraft(tabKey: string): void {
  removeItem(draftKey(tabKey));
}

interface RecordTabsState {
  tabs: RecordTab[];
  activeKey: string | null;
  /** The last page visited that is not a record, where closing the last tab returns. */
  lastVisitedPath: string | null;
  /** Follows navigation: opens or activates a record tab, or remembers a plain page. */
  visit: (pathname: string, fullPath?: string) => void;
  /** Closes a tab; returns where to go when it was the active one, else null. */
  close: (key: string) => string | null;
  reset: () => void;
}

export const useRecordTabsStore = create<RecordTabsState>()(
  persist(
    (set, get) => ({
      tabs: [],
      activeKey: null,
      lastVisitedPath: null,
      visit: (pathname, fullPath = pathname) => {
        const record = matchRecordPath(pathname);
        if (!record) {
          set({ activeKey: null, lastVisitedPath: fullPath });
          return;
        }
        const key = recordTabKey(record.kind, record.id);
        const { tabs } = get();
        const existing = tabs.find((tab) => tab.key === key);
        if (existing) {
          set({
            activeKey: key,
            tabs: tabs.map((tab) => (tab.key === key ? { ...tab, path: fullPath } : tab)),
          });
          return;
        }
        const tab: RecordTab = {
          key,
          kind: record.kind,
          id: record.id,
          path: fullPath,
          title: recordTabTitle(record.kind, record.id),
        };
        const next = [...tabs, tab];
        // A sixth tab closes the oldest, with its drafts.
        const dropped =
          next.length > MAX_RECORD_TABS ? next.slice(0, next.length - MAX_RECORD_TABS) : [];
        dropped.forEach((old) => removeTabDraft(old.key));
        set({ tabs: next.slice(-MAX_RECORD_TABS), activeKey: key });
      },
      close: (key) => {
        const { tabs, activeKey, lastVisitedPath } = get();
        const index = tabs.findIndex((tab) => tab.key === key);
        if (index < 0) return null;
        removeTabDraft(key);
        const remaining = tabs.filter((tab) => tab.key !== key);
        if (key !== activeKey) {
          set({ tabs: remaining });
          return null;
        }
        const target = tabs[index + 1] ?? tabs[index - 1];
        set({ tabs: remaining, activeKey: target?.key ?? null });
        return target?.path ?? lastVisitedPath ?? RECORD_TAB_FALLBACK_PATH;
      },
      reset: () => {
        get().tabs.forEach((tab) => removeTabDraft(tab.key));
        set({ tabs: [], activeKey: null, lastVisitedPath: null });
      },
    }),
    {
      name: RECORD_TABS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ tabs: state.tabs, lastVisitedPath: state.lastVisitedPath }),
    },
  ),
);
