/**
 * Keyboard moves over a list's rows (the list's 'j'/'k' and 'x' shortcuts): focus goes to a
 * row's first link, so Enter opens it and the focus ring shows where one is.
 */
const rowsOf = (table: Element) =>
  [...table.querySelectorAll('tbody tr')].filter((row) => row.querySelector('a[href]'));

/** Moves focus `step` rows from the focused one (the first row when none is). */
export function moveRowFocus(tableLabel: string, step: 1 | -1): void {
  const table = document.querySelector(`table[aria-label="${tableLabel}"]`);
  if (!table) return;
  const rows = rowsOf(table);
  const current = rows.findIndex((row) => row.contains(document.activeElement));
  const next = current === -1 ? 0 : Math.min(Math.max(current + step, 0), rows.length - 1);
  const link = rows[next]?.querySelector<HTMLElement>('a[href]');
  link?.focus();
  link?.scrollIntoView({ block: 'nearest' });
}

/** Ticks or unticks the focused row's checkbox. */
export function toggleFocusedRow(tableLabel: string): void {
  const table = document.querySelector(`table[aria-label="${tableLabel}"]`);
  const row =
    table && rowsOf(table).find((candidate) => candidate.contains(document.activeElement));
  row?.querySelector<HTMLElement>('[role="checkbox"], input[type="checkbox"]')?.click();
}
