//! The realtime events about the logged-in user's own things, as the realtime client applies them:
//! an order's new state (`orderUpdate`) and a notice (`notification`), both written into the
//! TanStack Query cache, with a toast where the user should hear of it at once.
import type { QueryClient } from '@tanstack/react-query'
import type { Notification, OrderUpdate } from './api-types'
import i18n, { loadAllTexts } from './i18n'
import { touchesClaims, withNotice } from './notifications'
import { notificationsQuery, queryKeys, rememberOrder, userOrderQuery } from './queries'
import type { ToastInput } from './toast'

/** Where the events are written, and how a toast is shown (the realtime client's own). */
export interface PersonalTargets {
  queryClient: QueryClient
  toast: (input: ToastInput) => void
}

/** One of the user's orders changed state: the cached order and the order list show it at once,
 * and a toast says whether the payment went through (the balance follows by `bidBalanceUpdate`). */
export function applyOrderUpdate({ queryClient, toast }: PersonalTargets, { order }: OrderUpdate) {
  const known = queryClient.getQueryData(userOrderQuery(order.id).queryKey)?.order
  rememberOrder(queryClient, order)
  if (known?.state === order.state) return
  // A won item's order: its claim is paid (or still open) now.
  if (order.kind === 'claim') void queryClient.invalidateQueries({ queryKey: queryKeys.userClaims })
  if (order.state === 'paid' && order.kind === 'claim') {
    toast({ title: i18n.t('topup.paidToast.title'), description: i18n.t('claims.paidToast', { id: order.id }) })
  } else if (order.state === 'paid') {
    toast({ title: i18n.t('topup.paidToast.title'), description: i18n.t('topup.paidToast.text', { bids: order.bids }) })
  } else if (order.state === 'failed') {
    toast({ title: i18n.t('topup.failedToast.title'), description: i18n.t('topup.failedToast.text', { id: order.id }), variant: 'destructive' })
  }
}

/** A personal notice: the bell's list shows it at once (its unread count rises); a notice about a
 * won item refetches the won items; an auction a pre-bid waited for says so in a toast too.
 * `signedIn`: a visitor has no cached notices to update. */
export function applyNotification({ queryClient, toast }: PersonalTargets, notice: Notification, signedIn: boolean) {
  if (signedIn) {
    const key = notificationsQuery().queryKey
    const list = queryClient.getQueryData(key)
    const next = list ? withNotice(list, notice) : null
    if (next) queryClient.setQueryData(key, next)
    else void queryClient.invalidateQueries({ queryKey: key })
    if (touchesClaims(notice.type)) void queryClient.invalidateQueries({ queryKey: queryKeys.userClaims })
  }
  switch (notice.type) {
    case 'auctionStarted':
      // An auction this user pre-bid on has started (the pre-bid is now a bid).
      toast({ title: i18n.t('auction.startedNoticeTitle'), description: i18n.t('auction.startedNoticeText', { title: notice.title }) })
      break
    case 'itemShipped':
    case 'claimPassed':
    case 'reservationExpiring':
    case 'buyNowExpiring':
      // The words of a notice are not in the first load: the toast waits for them (a moment).
      void Promise.all([import('./notice-text'), loadAllTexts()]).then(([{ noticeText }]) => {
        const { title, text } = noticeText(i18n.t, notice, i18n.language)
        toast({ title, description: text })
      })
      break
  }
}
