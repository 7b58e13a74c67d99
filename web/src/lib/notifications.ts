//! Personal notices, the parts every screen shares: where a click on one leads, and folding a
//! notice the socket pushed into the cached list (`GET /api/notifications`: the newest 50 and the
//! unread count). Their words and icons are in notice-text.ts, loaded with the bell or a toast.
import type { Notification, NotificationKind } from './api-types'

/** Where the won items are listed: the profile's card (the bell and the toasts link here). */
export const WON_ITEMS_PATH = '/profile#won-items'

/**
 * Where a click on `notice` leads: the auction that started or is about to, the won items for
 * everything about a won item (a payment for one included), the top-up page for a package's
 * payment and bids.
 */
export function noticeTarget(notice: Pick<Notification, 'type' | 'auctionId' | 'claimId'>): string {
  switch (notice.type) {
    case 'auctionStarted':
    case 'auctionStarting':
    case 'outbid':
      return notice.auctionId != null ? `/auction/${notice.auctionId}` : '/auctions'
    case 'paymentReceived':
    case 'bidsCredited':
      return notice.claimId != null ? WON_ITEMS_PATH : '/topup'
    default:
      return WON_ITEMS_PATH
  }
}

/** The kinds that change something of the user's won items (their list refetches). */
export function touchesClaims(kind: NotificationKind): boolean {
  return kind !== 'auctionStarted' && kind !== 'auctionStarting' && kind !== 'outbid' && kind !== 'bidsCredited'
}

/** What `GET /api/notifications` answers. */
export interface NoticeList {
  notifications: Notification[]
  unread: number
}

/**
 * `list` with the pushed `notice` in front, its unread count raised when the notice is unread
 * and new; `null` when the notice has no id (the live copy of a stored one: refetch instead).
 * A notice already listed leaves the list as it is.
 */
export function withNotice(list: NoticeList, notice: Notification): NoticeList | null {
  if (notice.id == null) return null
  if (list.notifications.some((item) => item.id === notice.id)) return list
  return {
    notifications: [notice, ...list.notifications],
    unread: list.unread + (notice.read ? 0 : 1),
  }
}

/** `list` after marking `ids` read (all when `ids` is undefined), with the server's new count. */
export function markedRead(list: NoticeList, ids: readonly number[] | undefined, unread: number): NoticeList {
  const marked = (id: number | null) => ids === undefined || (id !== null && ids.includes(id))
  return {
    notifications: list.notifications.map((item) => (!item.read && marked(item.id) ? { ...item, read: true } : item)),
    unread,
  }
}

/** The bell's badge: the count, `99+` above 99, nothing at 0. */
export function unreadBadge(unread: number): string | null {
  if (unread <= 0) return null
  return unread > 99 ? '99+' : String(unread)
}
