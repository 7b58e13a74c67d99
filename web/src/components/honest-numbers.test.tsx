// @vitest-environment jsdom
//! The honest-numbers block and the winners-list line: every figure the server sent, how the bid
//! price was chosen, bots' bids counted but unpaid, and Russian plurals (issue 11).
import { afterEach, describe, expect, it } from 'vitest'
import type { HonestNumbers } from '../lib/api-types'
import { render, unmountAll } from '../test/render'
import { HonestNumbersBlock, HonestNumbersLine } from './honest-numbers'

const numbers: HonestNumbers = {
  finalPrice: 0.07,
  totalBids: 6,
  peopleBids: 4,
  botBids: 2,
  winnerBids: 3,
  bidPrice: 9.99,
  winnerBidsCost: 29.97,
  winnerTotal: 30.04,
  totalPaid: 39.96,
}

/** Text as read, no-break spaces as spaces (a price joins its number and currency with one). */
const plain = (value: string | null | undefined) => value?.replace(/\u00a0/g, ' ') ?? null
const text = (root: HTMLElement, id: string) => plain(root.querySelector(`[data-testid="${id}"]`)?.textContent)

describe('the honest numbers of a finished auction', () => {
  afterEach(unmountAll)

  it('shows every figure and how it was counted', () => {
    const block = render(<HonestNumbersBlock numbers={numbers} winnerIsBot={false} />)
    expect(block.querySelector('h2')?.textContent).toBe('Честные цифры')
    expect(text(block, 'honest-final-price')).toBe('Итоговая цена0,07 сом')
    expect(text(block, 'honest-bids-placed')).toBe('Сделано ставок6 ставоклюдьми — 4, ботами — 2')
    expect(text(block, 'honest-winner-bids')).toBe('Ставки победителя3 ставки')
    expect(text(block, 'honest-winner-cost')).toBe('Ставки победителя по цене пакета29,97 сом3 ставки × 9,99 сом')
    expect(text(block, 'honest-winner-total')).toBe('Победитель заплатил всего30,04 сомцена лота + его ставки')
    expect(text(block, 'honest-total-paid')).toBe('Все участники заплатили за ставки39,96 сомставки людей: 4 ставки × 9,99 сом')
    expect(text(block, 'honest-note')).toContain('по 9,99 сом — самой низкой цене бида среди пакетов в продаже')
    expect(text(block, 'honest-note')).toContain('Ставки ботов входят в число сделанных, но их никто не оплачивает')
  })

  it('leaves out what a bot winner would have paid and says why', () => {
    const bot = { ...numbers, winnerBids: 2, winnerBidsCost: 0, winnerTotal: 0 }
    const block = render(<HonestNumbersBlock numbers={bot} winnerIsBot />)
    expect(text(block, 'honest-winner-bids')).toBe('Ставки победителя2 ставки')
    expect(block.querySelector('[data-testid="honest-winner-cost"]')).toBeNull()
    expect(block.querySelector('[data-testid="honest-winner-total"]')).toBeNull()
    expect(block.textContent).toContain('Победил бот — автоматический участник сайта: за его ставки никто не платил.')
    expect(text(block, 'honest-total-paid')).toContain('39,96 сом')
  })

  it('counts no money when no package is on sale', () => {
    const unpriced = { ...numbers, bidPrice: null, winnerBidsCost: null, winnerTotal: null, totalPaid: null }
    const block = render(<HonestNumbersBlock numbers={unpriced} winnerIsBot={false} />)
    expect(block.querySelector('[data-testid="honest-total-paid"]')).toBeNull()
    expect(text(block, 'honest-note')).toContain('Пакеты бидов сейчас не продаются')
  })

  it('sums an item of the winners list up in one line, with plurals', () => {
    const line = render(<HonestNumbersLine numbers={numbers} />)
    expect(plain(line.textContent)).toBe('6 ставок · у победителя 3 · за ставки заплачено 39,96 сом')
    unmountAll()
    const one = render(<HonestNumbersLine numbers={{ ...numbers, totalBids: 1, peopleBids: 1, botBids: 0, winnerBids: 1, totalPaid: 9.99 }} />)
    expect(plain(one.textContent)).toBe('1 ставка · у победителя 1 · за ставки заплачено 9,99 сом')
    unmountAll()
    expect(render(<HonestNumbersLine numbers={{ ...numbers, totalBids: 0 }} />).textContent).toBe('')
  })
})
