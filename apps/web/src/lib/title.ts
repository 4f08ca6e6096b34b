import { PRODUCT_NAME, UNREAD_TITLE_CAP } from '@omnicare/shared/platform/constants';

/** 'OmniCare', or 'OmniCare (N)' with the unread count, '9+' above nine (spec section 1). */
export function documentTitle(unreadCount: number): string {
  if (!Number.isFinite(unreadCount) || unreadCount <= 0) return PRODUCT_NAME;
  const count =
    unreadCount > UNREAD_TITLE_CAP ? `${UNREAD_TITLE_CAP}+` : String(Math.trunc(unreadCount));
  return `${PRODUCT_NAME} (${count})`;
}

/** The badge text of the bell, with the same cap. */
export function unreadBadge(unreadCount: number): string {
  return unreadCount > UNREAD_TITLE_CAP ? `${UNREAD_TITLE_CAP}+` : String(unreadCount);
}
