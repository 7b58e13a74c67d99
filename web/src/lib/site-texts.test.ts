import { describe, expect, it } from 'vitest'
import { siteText } from './site-texts'

const settings = {
  language: 'ru',
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
