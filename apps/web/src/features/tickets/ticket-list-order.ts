/**
 * The order of the tickets the list last showed (this browser tab), so 'next ticket' on a
 * ticket's page opens the one below it in the list the agent came from.
 */
const KEY = 'ticketListOrder';

export function rememberTicketOrder(numbers: readonly number[]): void {
  sessionStorage.setItem(KEY, JSON.stringify(numbers));
}

export function ticketAfter(number: number): number | null {
  let order: unknown;
  try {
    order = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
  } catch {
    return null;
  }
  if (!Array.isArray(order)) return null;
  const at = order.indexOf(number);
  const next: unknown = at >= 0 ? order[at + 1] : undefined;
  return typeof next === 'number' ? next : null;
}
