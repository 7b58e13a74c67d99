import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../i18n/locales/en.json'
import ka from '../i18n/locales/ka.json'
import ky from '../i18n/locales/ky.json'
import ru from '../i18n/locales/ru.json'
import { catalogueKey, catalogueName } from './catalogue'

/** An i18next in `lng` holding all four locale files, as the app does once every text is in. */
async function translator(lng: string) {
  const instance = i18next.createInstance()
  const resources = Object.fromEntries(Object.entries({ ru, en, ka, ky }).map(([lang, texts]) => [lang, { translation: texts }]))
  await instance.init({ lng, fallbackLng: 'ru', resources, interpolation: { escapeValue: false } })
  return instance
}

/** The demo catalogue's categories and conditions (src/db/demo.rs), as the server stores them. */
const DEMO_CATEGORIES = ['Смартфоны', 'Ноутбуки', 'Аудио', 'Гаджеты', 'Планшеты', 'Игры', 'Телевизоры', 'Транспорт', 'Биды', 'Бытовая техника', 'Украшения', 'Одежда и обувь', 'Фото']
const DEMO_CONDITIONS = ['Новый', 'Цифровой товар']

describe('catalogue names', () => {
  it('knows every category and condition of the demo catalogue', async () => {
    const i18n = await translator('en')
    expect(DEMO_CATEGORIES.filter((name) => catalogueKey(i18n, 'category', name) === null)).toEqual([])
    expect(DEMO_CONDITIONS.filter((name) => catalogueKey(i18n, 'condition', name) === null)).toEqual([])
  })

  it("names a known one in the reader's language, whichever language it was typed in", async () => {
    expect(catalogueName(await translator('en'), 'category', 'Смартфоны')).toBe('Smartphones')
    expect(catalogueName(await translator('ka'), 'condition', 'Новый')).toBe('ახალი')
    expect(catalogueName(await translator('ky'), 'category', 'Одежда и обувь')).toBe('Кийим жана бут кийим')
    expect(catalogueName(await translator('ru'), 'category', ' smartphones ')).toBe('Смартфоны')
  })

  it('shows free text as typed', async () => {
    const i18n = await translator('en')
    expect(catalogueKey(i18n, 'category', 'Винтаж')).toBeNull()
    expect(catalogueName(i18n, 'category', 'Винтаж')).toBe('Винтаж')
    expect(catalogueName(i18n, 'condition', 'Смартфоны')).toBe('Смартфоны')
  })
})
