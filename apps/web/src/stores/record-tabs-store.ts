import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { MAX_RECORD_TABS } from '@omnicare/shared/platform/constants';
import { readJsonItem, removeItem, writeJsonItem } from '@/lib/storage';
import {
  RECORD_TABS_STORAGE_KEY,
  RECORD_TAB_DRAFT_PREFIX,
  RECORD_TAB_FALLBACK_PATH,
  RECORD_TAB_NEW_TITLES,
} from '@/lib/web-constants';

export type RecordKind = 'ticket' | 'customer' | 'organization';

/** The record an address opens ('/tickets/7' is ticket 7): the shell reads it off its routes. */
export interface RecordRef {
  kind: RecordKind;
  id: string;
}

export interface RecordTab {
  key: string;
  kind: RecordKind;
  id: string;
  path: string;
  title: string;
  /** The record's name (a ticket's subject), once its page has loaded it: the tab's tooltip. */
  name?: string;
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

/**
 * 'Ticket {id}', 'Customer {id}', 'Tổ chức {id}' (the id a short number); for ids starting with
 * 'new' the spec's 'Ticket mới' for a ticket, and 'Khách hàng mới' / 'Tổ chức mới' for the others.
 */
export function recordTabTitle(kind: RecordKind, id: string): string {
  return id.startsWith('new') ? RECORD_TAB_NEW_TITLES[kind] : `${KIND_PREFIX[kind]} ${id}`;
}

/** The tab's tooltip: its title with the record's name beside it. */
export const recordTabTooltip = (tab: Pick<RecordTab, 'title' | 'name'>) =>
  tab.name ? `${tab.title} · ${tab.name}` : tab.title;

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
  /**
   * Follows navigation to `path` (with its query), the address of `record` or of a plain page
   * (null): opens or activates the record's tab, or remembers the page.
   */
  visit: (path: string, record: RecordRef | null) => void;
  /** Closes a tab; returns where to go when it was the active one, else null. */
  close: (key: string) => string | null;
  /** Names the record of a tab (shown in its tooltip) once its page knows it. */
  setName: (key: string, name: string) => void;
  /**
   * Puts `record`, at `path`, in the place of tab `key` (a record opened by its id that moves to
   * its number, a new record once saved, a merged-away customer's survivor); the caller then
   * navigates there.
   */
  replace: (key: string, path: string, record: RecordRef) => void;
  reset: () => void;
}

export const useRecordTabsStore = create<RecordTabsState>()(
  persist(
    (set, get) => ({
      tabs: [],
      activeKey: null,
      lastVisitedPath: null,
      visit: (path, record) => {
        if (!record) {
          set({ activeKey: null, lastVisitedPath: path });
          return;
        }
        const key = recordTabKey(record.kind, record.id);
        const { tabs } = get();
        const existing = tabs.find((tab) => tab.key === key);
        if (existing) {
          set({
            activeKey: key,
            tabs: tabs.map((tab) => (tab.key === key ? { ...tab, path } : tab)),
          });
          return;
        }
        const tab: RecordTab = {
          key,
          kind: record.kind,
          id: record.id,
          path,
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
      setName: (key, name) => {
        const { tabs } = get();
        if (!tabs.some((tab) => tab.key === key && tab.name !== name)) return;
        set({ tabs: tabs.map((tab) => (tab.key === key ? { ...tab, name } : tab)) });
      },
      replace: (key, path, record) => {
        const { tabs, activeKey } = get();
        const index = tabs.findIndex((tab) => tab.key === key);
        if (index < 0) return;
        removeTabDraft(key);
        const nextKey = recordTabKey(record.kind, record.id);
        const others = tabs.filter((tab) => tab.key !== key);
        const next = others.some((tab) => tab.key === nextKey)
          ? others
          : [
              ...tabs.slice(0, index),
              {
                key: nextKey,
                kind: record.kind,
                id: record.id,
                path,
                title: recordTabTitle(record.kind, record.id),
              },
              ...tabs.slice(index + 1),
            ];
        set({ tabs: next, activeKey: activeKey === key ? nextKey : activeKey });
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
