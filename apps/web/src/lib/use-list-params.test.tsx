import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act, renderHook } from '@testing-library/react';
import { useListParams } from './use-list-params';

describe('list params (spec section 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at page 1 with 10 rows', () => {
    const { result } = renderHook(() => useListParams());
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(10);
  });

  it('resets to page 1 500 ms after the search text changes', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(4));
    act(() => result.current.setSearch('an'));
    act(() => void vi.advanceTimersByTime(499));
    expect(result.current.page).toBe(4);
    expect(result.current.debouncedSearch).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.debouncedSearch).toBe('an');
    expect(result.current.page).toBe(1);
  });

  it('waits for the typing to stop, and a text typed back is no change', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(2));
    act(() => result.current.setSearch('a'));
    act(() => void vi.advanceTimersByTime(400));
    act(() => result.current.setSearch('an'));
    act(() => void vi.advanceTimersByTime(400));
    expect(result.current.debouncedSearch).toBe('');
    act(() => void vi.advanceTimersByTime(100));
    expect(result.current.debouncedSearch).toBe('an');
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(3));
    act(() => result.current.setSearch('a'));
    act(() => void vi.advanceTimersByTime(200));
    act(() => result.current.setSearch('an'));
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.page).toBe(3);
  });

  it('applies a search at once, with page 1, and never the text it replaced', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(2));
    act(() => result.current.setSearch('cũ'));
    act(() => result.current.applySearch('mới'));
    expect(result.current.search).toBe('mới');
    expect(result.current.debouncedSearch).toBe('mới');
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.debouncedSearch).toBe('mới');
    expect(result.current.page).toBe(2);
  });

  it('starts at page 1 in the render where the rows are chosen otherwise', () => {
    const seen: [string, number][] = [];
    const { result, rerender } = renderHook(
      ({ kind }: { kind: string }) => {
        const list = useListParams({ resetOn: kind });
        // What the screen commits (and the list query sees), not a discarded render pass.
        useEffect(() => void seen.push([kind, list.page]));
        return list;
      },
      { initialProps: { kind: 'sms' } },
    );
    act(() => result.current.setPage(3));
    seen.length = 0;
    rerender({ kind: 'chat' });
    expect(result.current.page).toBe(1);
    // Committed once: never the new kind on the old page, nor the old kind on page 1.
    expect(seen).toEqual([['chat', 1]]);
  });

  it('steps back a page when a delete took the last row of one', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.afterRemoval(1));
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(3));
    act(() => result.current.afterRemoval(2));
    expect(result.current.page).toBe(3);
    act(() => result.current.afterRemoval(1));
    expect(result.current.page).toBe(2);
  });

  it('starts a new page size at page 1', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(3));
    act(() => result.current.setPageSize(50));
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(50);
  });
});
