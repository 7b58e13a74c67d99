import { describe, expect, it } from 'vitest'
import { siteAddress, siteName, siteText } from './site-texts'

const settings = {
  language: 'ru',
  siteName: 'Тыйын',
  contactAddress: '',
  headerTagline: 'Пенни-аукционы',
  footerDescription: 'Описание',
  texts: { ka: { headerTagline: 'პენი აუქციონები', footerDescription: '' } },
}

describe('siteText', () => {
  it("reads the site language's texts from the settings' own fields", () => {
    expect(siteText(settings, 'ru', 'headerTagline')).toBe('Пенни-аукционы')
  })

  it("reads another language's from texts, and nothing where it has none", () => {
    expect(siteText(settings, 'ka', 'headerTagline')).toBe('პენი აუქციონები')
    expect(siteText(settings, 'ka', 'footerDescription')).toBe('')
    expect(siteText(settings, 'en', 'headerTagline')).toBe('')
  })
})

describe('siteName and siteAddress', () => {
  const shipped = { ...settings, siteName: 'Тыйын', contactAddress: 'Бишкек, ул. Киевская 1', texts: { ky: { siteName: 'Тыйын KG', contactAddress: 'Бишкек ш., Киев к. 1' } } }

  it('writes the shipped name in the reader’s script, and an admin’s own name as typed or per language', () => {
    expect(siteName(shipped, 'ru')).toBe('Тыйын')
    expect(siteName(shipped, 'en')).toBe('Tyiyn')
    expect(siteName(shipped, 'ka')).toBe('Tyiyn')
    expect(siteName(shipped, 'ky')).toBe('Тыйын KG')
    const renamed = { ...shipped, siteName: 'Аукцион Ош', texts: {} }
    expect(siteName(renamed, 'en')).toBe('Аукцион Ош')
  })

  it('reads the address in the reader’s language where the admin wrote one, else as set', () => {
    expect(siteAddress(shipped, 'ky')).toBe('Бишкек ш., Киев к. 1')
    expect(siteAddress(shipped, 'en')).toBe('Бишкек, ул. Киевская 1')
  })
})
