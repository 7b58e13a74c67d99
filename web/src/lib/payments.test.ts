// @vitest-environment jsdom
import i18next from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import en from '../i18n/locales/en.json'
import ka from '../i18n/locales/ka.json'
import ky from '../i18n/locales/ky.json'
import ru from '../i18n/locales/ru.json'
import { formatMoney } from './format'
import { cheapestPricePerBid, openPaymentTab, pricePerBidLabel, upsertOrder } from './payments'

/** Intl's and formatMoney's no-break spaces, read as plain spaces. */
const NBSP_ALL = /\u00a0/g

async function translator(lng: string, messages: object) {
  const instance = i18next.createInstance()
  await instance.init({ lng, resources: { [lng]: { translation: messages } }, interpolation: { escapeValue: false } })
  return instance.t
}

describe('pricePerBidLabel', () => {
  it.each([
    ['ru', ru, '15,00 сом за бид'],
    ['en', en, '15.00 som per bid'],
    ['ka', ka, '15,00 სომი ერთ ბიდში'],
    ['ky', ky, 'бир бид 15,00 сом'],
  ])('words the price of one bid in %s, in its digits and its name of the som', async (lng, messages, expected) => {
    const t = await translator(lng, messages)
    const money = (amount: number) => formatMoney(amount, t('common.som'), lng)
    expect(pricePerBidLabel(t, 15, money).replace(NBSP_ALL, ' ')).toBe(expected)
  })

  it('keeps two decimals and groups thousands', async () => {
    const t = await translator('ru', ru)
    const money = (amount: number) => formatMoney(amount, t('common.som'), 'ru')
    expect(pricePerBidLabel(t, 1234.5, money).replace(NBSP_ALL, ' ')).toBe('1 234,50 сом за бид')
    expect(pricePerBidLabel(t, 0.07, money).replace(NBSP_ALL, ' ')).toBe('0,07 сом за бид')
  })
})

describe('cheapestPricePerBid', () => {
  it('is the lowest price of one bid', () => {
    expect(cheapestPricePerBid([{ pricePerBid: 15 }, { pricePerBid: 12.5 }, { pricePerBid: 14 }])).toBe(12.5)
  })

  it('is null for an empty catalogue', () => {
    expect(cheapestPricePerBid([])).toBeNull()
  })
})

describe('upsertOrder', () => {
  const pending = { id: 7, state: 'pending', bids: 50 }
  const older = { id: 6, state: 'paid', bids: 100 }

  it('puts a new order in front', () => {
    expect(upsertOrder([older], pending)).toEqual([pending, older])
  })

  it('replaces the copy with the same id in place', () => {
    const paid = { ...pending, state: 'paid' }
    expect(upsertOrder([pending, older], paid)).toEqual([paid, older])
  })

  it('returns the same list when nothing changed', () => {
    const orders = [pending, older]
    expect(upsertOrder(orders, { ...pending })).toBe(orders)
  })
})

describe('openPaymentTab', () => {
  it('opens the tab at once and sends it to the payment page, resolved against this site', () => {
    const tab = { opener: {} as unknown, closed: false, location: { href: 'about:blank' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    const payment = openPaymentTab()
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect(tab.opener).toBeNull()
    expect(payment.go('/pay/demo/7')).toBe(true)
    expect(tab.location.href).toBe(new URL('/pay/demo/7', window.location.href).href)
    open.mockRestore()
  })

  it('says so when the browser blocked the tab', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    expect(openPaymentTab().go('/pay/demo/7')).toBe(false)
    open.mockRestore()
  })
})
