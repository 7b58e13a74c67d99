import { describe, expect, it } from 'vitest'
import { type LinkClick, linkedPage, reloadMoment } from './app-update'

describe('reloadMoment', () => {
  it('reloads at once only a hidden page with nothing in progress', () => {
    expect(reloadMoment({ hidden: true, busy: false })).toBe('now')
    expect(reloadMoment({ hidden: true, busy: true })).toBe('next-page')
    expect(reloadMoment({ hidden: false, busy: false })).toBe('next-page')
  })
})

describe('linkedPage', () => {
  const here = { origin: 'https://tyiyn.kg', pathname: '/auction/iphone-ty-2026-00012', search: '' }
  const click = (href: string, overrides: Partial<LinkClick> = {}, link: Partial<NonNullable<LinkClick['link']>> = {}): LinkClick => ({
    button: 0,
    modified: false,
    defaultPrevented: false,
    link: { href, target: '', download: false, ...link },
    ...overrides,
  })

  it('loads another page of the site anew', () => {
    expect(linkedPage(click('https://tyiyn.kg/auctions'), here)).toBe('https://tyiyn.kg/auctions')
    expect(linkedPage(click('https://tyiyn.kg/auction/iphone-ty-2026-00012?tab=bids'), here)).toBe('https://tyiyn.kg/auction/iphone-ty-2026-00012?tab=bids')
  })

  it('leaves what is not a move to another page of the site in this tab', () => {
    expect(linkedPage(click('https://tyiyn.kg/auction/iphone-ty-2026-00012#bids'), here)).toBeNull()
    expect(linkedPage(click('https://t.me/tyiyn_bot'), here)).toBeNull()
    expect(linkedPage(click('https://tyiyn.kg/auctions', {}, { target: '_blank' }), here)).toBeNull()
    expect(linkedPage(click('https://tyiyn.kg/media/x.csv', {}, { download: true }), here)).toBeNull()
    expect(linkedPage(click('https://tyiyn.kg/auctions', { modified: true }), here)).toBeNull()
    expect(linkedPage(click('https://tyiyn.kg/auctions', { button: 1 }), here)).toBeNull()
    expect(linkedPage(click('https://tyiyn.kg/auctions', { defaultPrevented: true }), here)).toBeNull()
    expect(linkedPage({ ...click(''), link: null }, here)).toBeNull()
  })
})
