import { useEffect } from 'react';
import { useLocation } from 'react-router';

const KEY = 'customerListAddress';

/** Keeps the customer list's address (search, filters, page) for this browser tab. */
export function useRememberListAddress() {
  const { search } = useLocation();
  useEffect(() => {
    sessionStorage.setItem(KEY, search);
  }, [search]);
}

/** The customer list as it was last shown in this tab: where a deleted record goes back to. */
export function customerListAddress(): string {
  const search = sessionStorage.getItem(KEY) ?? '';
  return `/customers${search.startsWith('?') ? search : ''}`;
}
