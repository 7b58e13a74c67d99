// @vitest-environment jsdom
//! Every page names itself in the document title, in the language shown, followed by the site's
//! name (issue 11: every page had the same `<title>`).
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminPageShell } from '../components/admin-page-shell'
import { SupportPage } from '../features/static-pages/support-page'
import { TopupPage } from '../features/topup/topup-page'
import i18n, { loadLanguage } from '../lib/i18n'
import { render, unmountAll } from '../test/render'
import { NotFoundPage } from './not-found-page'

async function showIn(lang: 'ru' | 'en' | 'ka' | 'ky') {
  await act(async () => {
    await loadLanguage(lang)
    await i18n.changeLanguage(lang)
  })
}

describe('the document title', () => {
  afterEach(async () => {
    unmountAll()
    vi.unstubAllGlobals()
    await showIn('ru')
  })

  it('differs from page to page', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)))
    const titles = [<SupportPage key="s" />, <TopupPage key="t" />, <NotFoundPage key="n" />].map((page) => {
      render(page)
      const title = document.title
      unmountAll()
      return title
    })
    expect(titles).toEqual(['Поддержка — Тыйын', 'Пополнение бидов — Тыйын', 'Страница не найдена — Тыйын'])
  })

  it('marks admin pages as such', () => {
    render(
      <AdminPageShell title="Пользователи" testId="admin-users-page">
        {null}
      </AdminPageShell>,
    )
    expect(document.title).toBe('Админ: Пользователи — Тыйын')
  })

  it('follows the language, the shipped name in the reader’s script', async () => {
    render(<SupportPage />)
    await showIn('en')
    expect(document.title).toBe('Support — Tyiyn')
    await showIn('ky')
    expect(document.title).toBe('Колдоо — Тыйын')
    await showIn('ka')
    expect(document.title).toBe('მხარდაჭერა — Tyiyn')
  })
})
