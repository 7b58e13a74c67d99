// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { PAY_METHOD_KEY, paysInThisTab, readPayMethod, rememberPayMethod } from './pay-method'

describe('the pay method', () => {
  afterEach(() => localStorage.clear())

  it('is QR until the buyer chooses, then what they chose', () => {
    expect(readPayMethod()).toBe('qr')
    rememberPayMethod('card')
    expect(readPayMethod()).toBe('card')
    localStorage.setItem(PAY_METHOD_KEY, 'cash')
    expect(readPayMethod()).toBe('qr')
  })

  it('pays a QR order on our own page in this tab, a card order on the provider’s page', () => {
    expect(paysInThisTab({ method: 'qr', paymentUrl: '/pay/12' })).toBe(true)
    expect(paysInThisTab({ method: 'card', paymentUrl: '/pay/demo/12' })).toBe(false)
    expect(paysInThisTab({ method: 'card', paymentUrl: 'https://api.freedompay.kg/pay.html?x=1' })).toBe(false)
  })
})
