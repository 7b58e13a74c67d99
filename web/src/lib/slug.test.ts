import { afterEach, describe, expect, it, vi } from 'vitest'
import { INVALID_SLUG, auctionPath, auctionSlug, slugifyDisplayId, slugifyTitle } from './slug'

describe('auctionSlug', () => {
  afterEach(() => vi.restoreAllMocks())

  it('joins the cleaned title and the display id', () => {
    expect(auctionSlug('iPhone 15 Pro 256 GB', 'TY/2026/00012')).toBe('iphone-15-pro-256-gb-ty-2026-00012')
  })

  it('keeps Cyrillic letters and lowercases them', () => {
    expect(auctionSlug('Смартфон Samsung Galaxy', 'TY/2026/7')).toBe('смартфон-samsung-galaxy-ty-2026-7')
  })

  it('removes punctuation and collapses whitespace and hyphens', () => {
    expect(slugifyTitle('Apple  AirPods (2-го поколения)!!')).toBe('apple-airpods-2-го-поколения')
    expect(slugifyTitle('a -- b')).toBe('a-b')
    expect(slugifyTitle('Кофемашина: «DeLonghi», 1.5 л')).toBe('кофемашина-delonghi-15-л')
  })

  it('drops letters outside a-z and а-я (ё, Kyrgyz ң ө ү)', () => {
    expect(slugifyTitle('Ёлка Өрүк Үй Ңа')).toBe('лка-рк-й-а')
  })

  it('cuts the title part to 35 characters', () => {
    const title = 'Очень длинное название лота для проверки обрезки'
    const part = slugifyTitle(title)
    expect(part).toHaveLength(35)
    expect(part).toBe('очень-длинное-название-лота-для-про')
    expect(auctionSlug(title, 'TY/1')).toBe(`${part}-ty-1`)
  })

  it('turns slashes and backslashes of the display id into hyphens', () => {
    expect(slugifyDisplayId('TY\\2026/ABC')).toBe('ty-2026-abc')
  })

  it('is invalid-auction (and logs) without a title or display id', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(auctionSlug('', 'TY/1')).toBe(INVALID_SLUG)
    expect(auctionSlug('Phone', null)).toBe('invalid-auction')
    expect(auctionSlug(undefined, undefined)).toBe('invalid-auction')
    expect(log).toHaveBeenCalledTimes(3)
  })

  it('links with the server slug when it has one', () => {
    expect(auctionPath({ slug: 'x-ty-1', title: 'Other', displayId: 'TY/2' })).toBe('/auction/x-ty-1')
    expect(auctionPath({ slug: null, title: 'Phone', displayId: 'TY/2' })).toBe('/auction/phone-ty-2')
  })
})
