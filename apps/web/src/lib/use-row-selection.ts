import { useState } from 'react';

/**
 * Rows picked, kept by id with the row as it was when picked; `togglePage` clears the page's
 * rows when all of them are picked, else picks them all. Once the whole page is picked,
 * `selectAllMatching` widens the choice to every row the list's filter finds (`allMatching`:
 * a bulk action then names the filter, not ids); unpicking any row narrows it back. `resetOn` names the rows shown (page,
 * size, search, filters): when it changes the selection is empty in the very render that shows
 * the new rows, so no bulk action can reach rows that are no longer in sight.
 */
export function useRowSelection<Row extends { _id: string }>(
  rows: readonly Row[],
  { resetOn = '' }: { resetOn?: string } = {},
) {
  const [selected, setSelected] = useState<ReadonlyMap<string, Row>>(new Map());
  const [allMatching, setAllMatching] = useState(false);
  const [selectedFor, setSelectedFor] = useState(resetOn);
  if (selectedFor !== resetOn) {
    // Adjusting state while rendering: React renders again before anything is committed.
    setSelectedFor(resetOn);
    setSelected(new Map());
    setAllMatching(false);
  }
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row._id));
  const toggle = (row: Row) => {
    const next = new Map(selected);
    if (next.has(row._id)) next.delete(row._id);
    else next.set(row._id, row);
    setSelected(next);
    setAllMatching(false);
  };
  const togglePage = () => {
    const next = new Map(selected);
    rows.forEach((row) => (allOnPage ? next.delete(row._id) : next.set(row._id, row)));
    setSelected(next);
    setAllMatching(false);
  };
  return {
    selected,
    isSelected: (id: string) => selected.has(id),
    allOnPage,
    toggle,
    togglePage,
    allMatching: allMatching && allOnPage,
    selectAllMatching: () => setAllMatching(true),
    clear: () => {
      setSelected(new Map());
      setAllMatching(false);
    },
  };
}

export type RowSelection<Row extends { _id: string }> = ReturnType<typeof useRowSelection<Row>>;
