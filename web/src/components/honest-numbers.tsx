//! A finished auction's honest numbers (issue 11; what UK and US regulators required of penny-auction
//! sites): the final price, the bids placed (by people and by bots), the winner's bids and what they
//! cost at package price, and what everyone paid for bids. The block on the detail page says how each
//! figure was counted; the one-line summary goes under each item of a winners list.
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { HonestNumbers } from '../lib/api-types'
import { useMoney } from '../lib/money'
import './honest-numbers.css'

interface Row {
  key: string
  label: string
  value: string
  hint?: string
}

function rows(t: TFunction, numbers: HonestNumbers, winnerIsBot: boolean, money: (amount: number) => string): Row[] {
  const bids = (count: number) => t('honest.bids', { count })
  const price = numbers.bidPrice
  const list: Row[] = [
    { key: 'final-price', label: t('honest.finalPrice'), value: money(numbers.finalPrice) },
    {
      key: 'bids-placed',
      label: t('honest.bidsPlaced'),
      value: bids(numbers.totalBids),
      hint: t('honest.split', { people: numbers.peopleBids, bots: numbers.botBids }),
    },
  ]
  if (numbers.totalBids === 0) return list
  list.push({ key: 'winner-bids', label: t('honest.winnerBids'), value: bids(numbers.winnerBids) })
  if (price === null || numbers.winnerBidsCost === null || numbers.winnerTotal === null || numbers.totalPaid === null) return list
  if (!winnerIsBot) {
    list.push(
      {
        key: 'winner-cost',
        label: t('honest.winnerCost'),
        value: money(numbers.winnerBidsCost),
        hint: t('honest.times', { bids: bids(numbers.winnerBids), price: money(price) }),
      },
      { key: 'winner-total', label: t('honest.winnerTotal'), value: money(numbers.winnerTotal), hint: t('honest.winnerTotalHint') },
    )
  }
  list.push({
    key: 'total-paid',
    label: t('honest.totalPaid'),
    value: money(numbers.totalPaid),
    hint: t('honest.totalPaidHint', { bids: bids(numbers.peopleBids), price: money(price) }),
  })
  return list
}

/** The block on a finished auction's page: every figure, and how it was counted. */
export function HonestNumbersBlock({ numbers, winnerIsBot }: { numbers: HonestNumbers; winnerIsBot: boolean }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  return (
    <section className="card honest-numbers" aria-labelledby="honest-numbers-title" data-testid="honest-numbers">
      <h2 className="card-title" id="honest-numbers-title">
        {t('honest.title')}
      </h2>
      <dl className="honest-list">
        {rows(t, numbers, winnerIsBot, money).map((row) => (
          <div key={row.key} className="honest-row" data-testid={`honest-${row.key}`}>
            <dt>{row.label}</dt>
            <dd className="honest-value">{row.value}</dd>
            {row.hint && <dd className="honest-hint">{row.hint}</dd>}
          </div>
        ))}
      </dl>
      {winnerIsBot && numbers.totalBids > 0 && <p className="honest-note">{t('honest.botWinner')}</p>}
      <p className="honest-note" data-testid="honest-note">
        {numbers.bidPrice === null ? t('honest.noPrice') : t('honest.note', { price: money(numbers.bidPrice) })}
      </p>
    </section>
  )
}

/** One line for a winners list: bids placed, the winner's share of them, and what people paid. */
export function HonestNumbersLine({ numbers }: { numbers: HonestNumbers }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  if (numbers.totalBids === 0) return null
  const bids = t('honest.bids', { count: numbers.totalBids })
  const text =
    numbers.totalPaid === null
      ? t('honest.lineNoPrice', { bids, winnerBids: numbers.winnerBids })
      : t('honest.line', { bids, winnerBids: numbers.winnerBids, paid: money(numbers.totalPaid) })
  return (
    <span className="honest-line" data-testid="honest-line">
      {text}
    </span>
  )
}
