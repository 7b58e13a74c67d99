import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../i18n/locales/en.json'
import ky from '../i18n/locales/ky.json'
import ru from '../i18n/locales/ru.json'
import type { Notification, NotificationKind } from './api-types'
import { noticeText } from './notice-text'
import { WON_ITEMS_PATH, markedRead, noticeTarget, touchesClaims, unreadBadge, withNotice } from './notifications'

const NBSP = /\u00a0/g

async function translator(lng: string, messages: object) {
  const instance = i18next.createInstance()
  await instance.init({ lng, resources: { [lng]: { translation: messages } }, interpolation: { escapeValue: false } })
  return instance.t
}

function notice(type: NotificationKind, extra: Partial<Notification> = {}): Notification {
  return { id: 1, type, read: false, createdAt: '2026-11-24T02:00:00Z', ...extra }
}

const KINDS: NotificationKind[] = ['auctionStarted', 'auctionStarting', 'outbid', 'auctionWon', 'reservationExpiring', 'buyNowExpiring', 'claimPassed', 'paymentReceived', 'bidsCredited', 'itemShipped', 'itemDelivered']

describe('noticeText', () => {
  it('has a title and a text for every kind in every language', async () => {
    for (const [lng, messages] of [['ru', ru], ['en', en], ['ky', ky]] as const) {
      const t = await translator(lng, messages)
      for (const kind of KINDS) {
        const { title, text } = noticeText(t, notice(kind, { title: 'iPhone', until: '2026-11-26T02:00:00Z', startsAt: '2026-11-26T02:05:00Z', amount: 200.31, bids: 250, orderId: 9, tracking: 'EMS 7' }), lng)
        expect(title, `${lng} ${kind}`).not.toMatch(/notifications\./)
        expect(text, `${lng} ${kind}`).not.toMatch(/notifications\.|{{/)
      }
    }
  })

  it('puts in the title, the amount in som, the bids and the tracking note', async () => {
    const t = await translator('ru', ru)
    expect(noticeText(t, notice('paymentReceived', { orderId: 9, amount: 1200.5 }), 'ru').text.replace(NBSP, ' ')).toBe('Заказ №9 на 1 200,50 сом оплачен.')
    expect(noticeText(t, notice('bidsCredited', { orderId: 9, bids: 250 }), 'ru').text).toBe('На баланс зачислено бидов: 250 (заказ №9).')
    expect(noticeText(t, notice('itemShipped', { title: 'iPhone', tracking: 'EMS 7' }), 'ru')).toEqual({ title: 'Лот отправлен', text: '«iPhone» в пути. Трек: EMS 7' })
  })

  it('words a shipment without tracking and a win without a deadline on their own', async () => {
    const t = await translator('en', en)
    expect(noticeText(t, notice('itemShipped', { title: 'iPhone' }), 'en').text).toBe('“iPhone” is on its way.')
    expect(noticeText(t, notice('auctionWon', { title: 'iPhone' }), 'en').text).toBe('“iPhone” is reserved for you. Choose delivery and pay.')
    expect(noticeText(t, notice('auctionWon', { title: 'iPhone', until: '2026-11-26T02:00:00Z' }), 'en').text).toContain('until 11/26/26')
  })

  it('tells a watcher when the watched auction starts', async () => {
    const t = await translator('ru', ru)
    const soon = notice('auctionStarting', { title: 'iPhone', auctionId: 5, startsAt: '2026-11-26T02:05:00Z' })
    const { title, text } = noticeText(t, soon, 'ru')
    expect(title).toBe('Скоро старт')
    // In the browser's time zone.
    expect(text).toMatch(/^«iPhone» из избранного начнётся 26\.11\.2026, \d\d:05\.$/)
  })

  it('names the lot generically when the notice has no title', async () => {
    const t = await translator('ru', ru)
    expect(noticeText(t, notice('itemDelivered'), 'ru').text).toContain('«лот»')
  })
})

describe('noticeTarget', () => {
  it('leads to the auction, the won items or the top-up page', () => {
    expect(noticeTarget(notice('auctionStarted', { auctionId: 5 }))).toBe('/auction/5')
    expect(noticeTarget(notice('auctionStarting', { auctionId: 6 }))).toBe('/auction/6')
    expect(noticeTarget(notice('outbid', { auctionId: 7 }))).toBe('/auction/7')
    expect(noticeTarget(notice('auctionWon', { claimId: 3 }))).toBe(WON_ITEMS_PATH)
    expect(noticeTarget(notice('itemShipped'))).toBe(WON_ITEMS_PATH)
    expect(noticeTarget(notice('paymentReceived', { orderId: 9 }))).toBe('/topup')
    expect(noticeTarget(notice('paymentReceived', { orderId: 9, claimId: 3 }))).toBe(WON_ITEMS_PATH)
    expect(noticeTarget(notice('bidsCredited'))).toBe('/topup')
  })

  it('refetches the won items for notices about them only', () => {
    expect(touchesClaims('itemShipped')).toBe(true)
    expect(touchesClaims('auctionStarted')).toBe(false)
    expect(touchesClaims('auctionStarting')).toBe(false)
    expect(touchesClaims('outbid')).toBe(false)
    expect(touchesClaims('bidsCredited')).toBe(false)
  })
})

describe('the cached list', () => {
  const list = { notifications: [notice('auctionWon', { id: 1 }), notice('itemShipped', { id: 2, read: true })], unread: 1 }

  it('takes a new notice in front and counts it unread', () => {
    expect(withNotice(list, notice('itemDelivered', { id: 3 }))).toMatchObject({ unread: 2, notifications: [{ id: 3 }, { id: 1 }, { id: 2 }] })
  })

  it('ignores a notice it holds, and asks for a refetch for one without an id', () => {
    expect(withNotice(list, notice('auctionWon', { id: 1 }))).toBe(list)
    expect(withNotice(list, notice('auctionStarted', { id: null }))).toBeNull()
  })

  it('marks some or all read', () => {
    expect(markedRead(list, [1], 0).notifications.map((item) => item.read)).toEqual([true, true])
    expect(markedRead(list, undefined, 0)).toMatchObject({ unread: 0 })
    expect(markedRead(list, [2], 1).notifications[0]?.read).toBe(false)
  })

  it('shows the count on the bell, capped at 99+', () => {
    expect(unreadBadge(0)).toBeNull()
    expect(unreadBadge(7)).toBe('7')
    expect(unreadBadge(120)).toBe('99+')
  })
})
