import { describe, expect, it } from 'vitest'
import { NOTIFICATION_BADGE, NOTIFICATION_ICON, clickTarget, pushNotice, sitePath } from './push-message'

const ORIGIN = 'https://tyiyn.kg'

describe('pushNotice', () => {
  it('shows the title, body, tag and language the server sent, leading to its path', () => {
    const payload = JSON.stringify({
      title: 'Вы выиграли!',
      body: 'iPhone 15 за 312 сом',
      url: '/auction/iphone-ty-2026-00012',
      tag: 'won-12',
      kind: 'won',
      lang: 'ru',
    })
    expect(pushNotice(payload, ORIGIN)).toEqual({
      title: 'Вы выиграли!',
      options: {
        body: 'iPhone 15 за 312 сом',
        tag: 'won-12',
        lang: 'ru',
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        data: { url: '/auction/iphone-ty-2026-00012', kind: 'won' },
      },
    })
  })

  it('keeps a fragment of the path (the profile card a notice points at)', () => {
    const notice = pushNotice(JSON.stringify({ title: 'Приз отправлен', body: '', url: '/profile#won-items' }), ORIGIN)
    expect(notice.options.data.url).toBe('/profile#won-items')
    expect(notice.options).not.toHaveProperty('tag')
  })

  it('leads a push naming another site to the home page', () => {
    const notice = pushNotice(JSON.stringify({ title: 'x', body: 'y', url: 'https://evil.example/phish' }), ORIGIN)
    expect(notice.options.data.url).toBe('/')
  })

  it('shows a generic notice for a push without JSON, in the device language', () => {
    expect(pushNotice('not json', ORIGIN, 'en-US')).toMatchObject({ title: 'Tyiyn', options: { body: 'New notification: open it to see more', data: { url: '/' } } })
    expect(pushNotice(null, ORIGIN).title).toBe('Тыйын')
    expect(pushNotice('', ORIGIN, 'fr-FR').title).toBe('Тыйын')
  })

  it('shows a generic notice in the push language when the title is missing', () => {
    const notice = pushNotice(JSON.stringify({ body: 'b', lang: 'ka' }), ORIGIN, 'ru-RU')
    expect(notice.title).toBe('Tyiyn')
    expect(notice.options.body).toBe('ახალი შეტყობინება: გახსენით სანახავად')
  })

  it('treats JSON that is not an object as no message', () => {
    expect(pushNotice('[1,2]', ORIGIN, 'ky').title).toBe('Тыйын')
    expect(pushNotice('"text"', ORIGIN).options.data.url).toBe('/')
  })
})

describe('sitePath', () => {
  it.each([
    ['/auction/iphone-ty-2026-00012', '/auction/iphone-ty-2026-00012'],
    ['/profile#won-items', '/profile#won-items'],
    ['/auction/гб-ty-2026-10001', '/auction/%D0%B3%D0%B1-ty-2026-10001'],
    ['/auctions?page=2', '/auctions?page=2'],
    [`${ORIGIN}/notifications`, '/notifications'],
    ['https://other.example/auction/x', '/'],
    ['//other.example/x', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    [42, '/'],
    [undefined, '/'],
  ])('%s leads to %s', (url, path) => {
    expect(sitePath(url, ORIGIN)).toBe(path)
  })
})

describe('clickTarget', () => {
  it('reads the notification data url and checks it again', () => {
    expect(clickTarget({ url: '/auction/a' }, ORIGIN)).toBe('/auction/a')
    expect(clickTarget({ url: 'http://tyiyn.kg/auction/a' }, ORIGIN)).toBe('/')
    expect(clickTarget(null, ORIGIN)).toBe('/')
    expect(clickTarget('x', ORIGIN)).toBe('/')
  })
})
