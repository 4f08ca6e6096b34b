import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('starts a new page size at page 1', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(3));
    act(() => result.current.setPageSize(50));
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(50);
  });
});
