import { afterEach, describe, expect, it } from 'vitest';
import { nextTicketOrder } from './components/ticket-list-state';
import { rememberTicketOrder, ticketAfter } from './ticket-list-order';
import { BUILT_IN_VIEWS, viewMatching } from './ticket-views';

afterEach(() => sessionStorage.clear());

describe('ticket list', () => {
  it('sorts a new column A→Z for the subject, newest first otherwise, and flips the sorted one', () => {
    expect(nextTicketOrder('subject', 'updated_at', 'desc')).toBe('asc');
    expect(nextTicketOrder('created_at', 'updated_at', 'desc')).toBe('desc');
    expect(nextTicketOrder('updated_at', 'updated_at', 'desc')).toBe('asc');
  });

  it('knows the view whose filters the list shows, whatever the order of keys', () => {
    expect(viewMatching({ status: 'new,open,pending', assignee_id: 'me' })?.name).toBe(
      'Ticket của tôi đang xử lý',
    );
    expect(
      viewMatching({ status: 'new,open,pending', assignee_id: 'me', tag: 'x' }),
    ).toBeUndefined();
    expect(new Set(BUILT_IN_VIEWS.map((view) => view.id)).size).toBe(BUILT_IN_VIEWS.length);
  });

  it('opens the ticket below the current one in the list last seen, none after the last', () => {
    rememberTicketOrder([12, 7, 30]);
    expect(ticketAfter(12)).toBe(7);
    expect(ticketAfter(7)).toBe(30);
    expect(ticketAfter(30)).toBeNull();
    expect(ticketAfter(99)).toBeNull();
    sessionStorage.setItem('ticketListOrder', '{broken');
    expect(ticketAfter(12)).toBeNull();
  });
});
