import { describe, expect, it } from 'vitest';
import { useEffect } from 'react';
import { act, renderHook } from '@testing-library/react';
import { useRowSelection } from './use-row-selection';

type Row = { _id: string };
const page1: Row[] = [{ _id: 'a' }, { _id: 'b' }];
const page2: Row[] = [{ _id: 'c' }, { _id: 'd' }];

describe('row selection', () => {
  it('empties when the rows shown are chosen otherwise, in the render that shows them', () => {
    const seen: [string, number][] = [];
    const { result, rerender } = renderHook(
      ({ rows, view }: { rows: Row[]; view: string }) => {
        const selection = useRowSelection(rows, { resetOn: view });
        useEffect(() => void seen.push([view, selection.selected.size]));
        return selection;
      },
      { initialProps: { rows: page1, view: 'page 1' } },
    );
    act(() => result.current.togglePage());
    expect(result.current.selected.size).toBe(2);
    seen.length = 0;
    rerender({ rows: page2, view: 'page 2' });
    expect(result.current.selected.size).toBe(0);
    expect(result.current.allOnPage).toBe(false);
    // Never committed with the picks of the page before.
    expect(seen).toEqual([['page 2', 0]]);
    act(() => result.current.toggle({ _id: 'c' }));
    rerender({ rows: page2, view: 'page 2' });
    expect([...result.current.selected.keys()]).toEqual(['c']);
  });

  it('keeps the picks while the rows are chosen the same way (a refetch)', () => {
    const { result, rerender } = renderHook(({ rows }: { rows: Row[] }) => useRowSelection(rows), {
      initialProps: { rows: page1 },
    });
    act(() => result.current.toggle({ _id: 'a' }));
    rerender({ rows: [...page1] });
    expect(result.current.isSelected('a')).toBe(true);
  });
});
