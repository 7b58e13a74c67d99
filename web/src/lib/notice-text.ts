//! The words and icon of each kind of personal notice (the bell's list, the notices page, the
//! toasts). Not part of the first load: the bell and the notices page load it with every text,
//! and a toast about a notice waits for it (realtime-personal.ts).
import { AlarmClock, Bell, Coins, CreditCard, Gift, Hourglass, PackageCheck, TrendingUp, Trophy, Truck } from 'lucide-react'
import type { TFunction } from 'i18next'
import type { LucideIcon } from 'lucide-react'
import type { Notification, NotificationKind } from './api-types'
import { currencyName, formatDateTime, formatMoney } from './format'
import { settingsAtom } from './settings'
import { appStore } from './store'

/** The title and the one-line text of a notice, in the language of `t`. */
export interface NoticeText {
  title: string
  text: string
}

/** The icon each kind shows in the bell's list. */
export const NOTICE_ICONS: Record<NotificationKind, LucideIcon> = {
  auctionStarted: Bell,
  auctionStarting: AlarmClock,
  outbid: TrendingUp,
  auctionWon: Trophy,
  reservationExpiring: Hourglass,
  buyNowExpiring: Hourglass,
  claimPassed: Gift,
  paymentReceived: CreditCard,
  bidsCredited: Coins,
  itemShipped: Truck,
  itemDelivered: PackageCheck,
}

/**
 * The words of `notice`: `notifications.<kind>.title` and `.text`, with the lot's title, the
 * watched auction's start, the reservation's end, the amount in the site's currency, the bids and the tracking note put in. A shipped item
 * without a tracking note, and a notice without a title, have their own wording.
 */
export function noticeText(t: TFunction, notice: Notification, lang: string): NoticeText {
  const kind = notice.type
  const values = {
    title: notice.title || t('notifications.someLot'),
    until: notice.until ? formatDateTime(notice.until, lang) : '',
    startsAt: notice.startsAt ? formatDateTime(notice.startsAt, lang) : '',
    amount: formatMoney(notice.amount ?? 0, currencyName(appStore.get(settingsAtom), t), lang),
    bids: notice.bids ?? 0,
    orderId: notice.orderId ?? '',
    tracking: notice.tracking ?? '',
  }
  const textKey =
    kind === 'itemShipped' && !notice.tracking
      ? 'notifications.itemShipped.textNoTracking'
      : (kind === 'auctionWon' || kind === 'claimPassed') && !notice.until
        ? `notifications.${kind}.textNoDeadline`
        : `notifications.${kind}.text`
  return { title: t(`notifications.${kind}.title`), text: t(textKey, values) }
}
