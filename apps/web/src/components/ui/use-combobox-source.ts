import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { toSearchKey } from '@omnicare/shared/customers/normalize';

export interface ComboOption {
  value: string;
  label: string;
  /** A second, quieter line (an email, a parent organization...). */
  hint?: string;
  /** Indentation in a tree (organizations), shown while nothing is typed. */
  depth?: number;
  /** Shown before the label in the list (a person's presence dot). */
  leading?: ReactNode;
  /** Shown at the end of the row in the list (a count). */
  trailing?: ReactNode;
}

export interface ComboboxPage {
  options: ComboOption[];
  hasMore: boolean;
}

/** Where a remote combobox reads its options: one page per call, searched on the server. */
export interface ComboboxSource {
  /** Cache key of this source's queries (several pickers of one source share results). */
  key: readonly unknown[];
  /** A page (from 1) of options matching the keyword ('' lists the first pages). */
  search: (query: { keyword: string; page: number; signal: AbortSignal }) => Promise<ComboboxPage>;
  /** The options of these ids, for chosen values the loaded pages do not hold. */
  resolve?: (ids: string[], signal: AbortSignal) => Promise<ComboOption[]>;
  /** A keyword shorter than this (but not empty) is not sent (spec: user search, 2). */
  minSearchLength?: number;
}

/** How long typing must pause before the keyword goes to the server. */
export const COMBOBOX_DEBOUNCE_MS = 300;

/** A source's page from a list answer with a total: more pages while some rows are left. */
export function pageOf(
  options: ComboOption[],
  total: number,
  page: number,
  pageSize: number,
): ComboboxPage {
  return { options, hasMore: page * pageSize < total };
}

const matches = (option: ComboOption, key: string) =>
  !key || toSearchKey(`${option.label} ${option.hint ?? ''}`).includes(key);

export interface ComboboxSourceInput {
  /** Remote options, searched on the server as the user types. */
  source?: ComboboxSource;
  /** Local options (the whole list), searched here without diacritics. */
  options?: readonly ComboOption[];
  /** Local options still loading. */
  loading?: boolean;
  /** Labels the caller already knows for chosen values. */
  knownOptions?: readonly ComboOption[];
  /** Fixed choices listed before the results. */
  extraOptions?: readonly ComboOption[];
  /** The chosen values. */
  values: readonly string[];
  /** The chosen values when the list opened: listed first (remote, nothing typed). */
  pinned: readonly string[];
  /** What the user has typed in the search box. */
  text: string;
  /** Whether the list is open: a remote source is asked only then. */
  open: boolean;
  debounceMs?: number;
  /** The label of a chosen value while its option is being looked up. */
  loadingLabel: string;
}

/**
 * The options a combobox shows and what it knows about them. Remote sources are asked page by
 * page once typing pauses (`debounceMs`) and as the list scrolls (`loadMore`); chosen values
 * keep their labels from the caller, the user's own picks, the loaded pages or `resolve`.
 * The list: fixed choices, then (remote, nothing typed) the values chosen when it opened, then
 * the results.
 */
export function useComboboxSource({
  source,
  options,
  loading = false,
  knownOptions,
  extraOptions,
  values,
  pinned,
  text,
  open,
  debounceMs = COMBOBOX_DEBOUNCE_MS,
  loadingLabel,
}: ComboboxSourceInput) {
  // Options the user picked here: their labels stay whatever the results become.
  const [picked, setPicked] = useState<ReadonlyMap<string, ComboOption>>(new Map());
  const typed = text.trim();
  // The keyword sent to the server: the typed text once typing has paused.
  const [settledText, setSettledText] = useState('');
  useEffect(() => {
    if (!source || typed === settledText) return;
    const timer = setTimeout(() => setSettledText(typed), debounceMs);
    return () => clearTimeout(timer);
  }, [source, typed, settledText, debounceMs]);
  const keyword = source ? settledText : typed;
  const settled = keyword === typed;
  const minLength = source?.minSearchLength ?? 0;
  const tooShort = Boolean(source) && typed.length > 0 && typed.length < minLength;

  const results = useInfiniteQuery({
    queryKey: [...(source?.key ?? ['combobox-local']), 'search', keyword],
    queryFn: ({ pageParam, signal }) =>
      source
        ? source.search({ keyword, page: pageParam, signal })
        : { options: [], hasMore: false },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: Boolean(source) && open && settled && !tooShort,
    placeholderData: keepPreviousData,
  });

  // Labels from the caller, the fixed choices, local options and the user's own picks.
  const known = new Map<string, ComboOption>();
  for (const list of [knownOptions, extraOptions, options]) {
    for (const option of list ?? []) known.set(option.value, option);
  }
  for (const [value, option] of picked) known.set(value, option);
  const unknown = values.filter((value) => !known.has(value));
  const resolved = useQuery({
    queryKey: [...(source?.key ?? ['combobox-local']), 'resolve', [...unknown].sort()],
    queryFn: ({ signal }) => source?.resolve?.(unknown, signal) ?? [],
    enabled: Boolean(source?.resolve) && unknown.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const loaded = (results.data?.pages ?? []).flatMap((page) => page.options);
  const optionOf = (value: string): ComboOption | undefined =>
    known.get(value) ??
    loaded.find((option) => option.value === value) ??
    resolved.data?.find((option) => option.value === value);
  const labelOf = (value: string) =>
    optionOf(value)?.label ?? (resolved.isFetching ? loadingLabel : value);

  const key = toSearchKey(typed);
  const extras = (extraOptions ?? []).filter((option) => matches(option, key));
  const found = source
    ? tooShort
      ? []
      : loaded
    : (options ?? []).filter((option) => matches(option, key));
  const chosenFirst =
    source && !typed
      ? pinned
          .filter((value) => !extras.some((option) => option.value === value))
          .map((value) => optionOf(value) ?? { value, label: labelOf(value) })
      : [];
  const seen = new Set([...extras, ...chosenFirst].map((option) => option.value));
  const visible = [...extras, ...chosenFirst];
  for (const option of found) {
    if (seen.has(option.value)) continue;
    seen.add(option.value);
    visible.push(option);
  }

  return {
    visible,
    optionOf,
    labelOf,
    /** Keeps the label of an option the user picked. */
    remember: (option: ComboOption) =>
      setPicked((current) => new Map(current).set(option.value, option)),
    /** Forgets the last keyword (the list opens on the first page). */
    restart: () => setSettledText(''),
    loadMore: () => {
      if (results.hasNextPage && !results.isFetchingNextPage) void results.fetchNextPage();
    },
    /** Asking the server, or waiting for typing to pause (local: the options are loading). */
    busy: source ? results.isFetching || (!settled && !tooShort) : loading,
    /** Nothing to show yet. */
    waiting: source ? results.isPending && !tooShort : loading && visible.length === 0,
    loadingMore: results.isFetchingNextPage,
    /** Why the search failed, when it did. */
    error: source && results.isError ? results.error : null,
    tooShort,
    minLength,
  };
}
