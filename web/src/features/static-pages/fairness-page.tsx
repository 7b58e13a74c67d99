//! The public fairness page (issue 22): what the last 30 days' auctions came to, counted live from
//! the records by `GET /api/fairness` — who won (people, the house, nobody), how many ran without
//! house bidders, the median winning price as a share of retail, and the bids of people and bots.
import { useQuery } from '@tanstack/react-query'
import { Bot, Scale, Trophy, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BotBadge } from '../../components/bot-badge'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { api, dataOf } from '../../lib/api'
import { formatCount, localeOf } from '../../lib/format'
import { queryKeys } from '../../lib/queries'
import { useDocumentTitle } from '../../lib/use-document-title'
import './static-pages.css'

/** `part` of `whole` as a whole percent (`null` with nothing to divide). */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 100) : null
}

/** Basis points (1/100 of a percent) as a percent with two decimals in the reader's language. */
export function basisPoints(bp: number, lang: string): string {
  return new Intl.NumberFormat(localeOf(lang), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bp / 10_000)
}

/** The median winning price's share of retail: a share below one basis point is "under 0.01 %",
 * never a believable-looking 0.00 %. */
export function medianShare(bp: number | null, lang: string, under: (value: string) => string): string {
  if (bp === null) return '—'
  return bp === 0 ? under(basisPoints(1, lang)) : basisPoints(bp, lang)
}

/** One figure of a card: its label (with the bot mark for the house's), the count and its share. */
function Figure({ testId, label, value, share = '', bot = false }: { testId: string; label: string; value: string; share?: string; bot?: boolean }) {
  return (
    <div className="stat-row" data-testid={testId}>
      <dt>
        {label}
        {bot && <BotBadge />}
      </dt>
      <dd>
        {value} {share && <span className="muted small">{share}</span>}
      </dd>
    </div>
  )
}

export function FairnessPage() {
  const { t, i18n } = useTranslation()
  useDocumentTitle(t('fairness.title'))
  const { data } = useQuery({ queryKey: queryKeys.fairness, queryFn: () => dataOf(api.GET('/api/fairness')) })
  const count = (n: number) => formatCount(n, i18n.language)
  const bids = (data?.bidsByPeople ?? 0) + (data?.bidsByBots ?? 0)
  const percent = (part: number, whole: number) => {
    const share = shareOf(part, whole)
    return share === null ? '' : t('fairness.percentOf', { percent: share })
  }
  return (
    <div className="container page" data-testid="fairness-page">
      <PageHeader title={t('fairness.title')} subtitle={t('fairness.subtitle', { days: data?.days ?? 30 })} />
      {!data ? (
        <Spinner />
      ) : (
        <>
          <div className="grid grid-3">
            <section className="card fairness-tile" data-testid="fairness-finished">
              <h2 className="card-title"><Trophy aria-hidden="true" /> {t('fairness.finished')}</h2>
              <strong className="fairness-figure">{count(data.auctionsFinished)}</strong>
              <dl className="stat-list">
                <Figure testId="fairness-people" label={t('fairness.wonByPeople')} value={count(data.wonByPeople)} share={percent(data.wonByPeople, data.auctionsFinished)} />
                <Figure testId="fairness-house" label={t('fairness.wonByHouse')} value={count(data.wonByHouse)} share={percent(data.wonByHouse, data.auctionsFinished)} bot />
                <Figure testId="fairness-nobody" label={t('fairness.noWinner')} value={count(data.noWinner)} />
              </dl>
            </section>
            <section className="card fairness-tile" data-testid="fairness-price">
              <h2 className="card-title"><Scale aria-hidden="true" /> {t('fairness.medianTitle')}</h2>
              <strong className="fairness-figure" data-testid="fairness-median">
                {medianShare(data.medianPriceShareBp, i18n.language, (value) => t('fairness.underBasisPoint', { value }))}
              </strong>
              <p className="muted small">{t('fairness.medianText')}</p>
            </section>
            <section className="card fairness-tile" data-testid="fairness-bids">
              <h2 className="card-title"><Users aria-hidden="true" /> {t('fairness.bidsTitle')}</h2>
              <dl className="stat-list">
                <Figure testId="fairness-people-bids" label={t('fairness.bidsByPeople')} value={count(data.bidsByPeople)} share={percent(data.bidsByPeople, bids)} />
                <Figure testId="fairness-bot-bids" label={t('fairness.bidsByBots')} value={count(data.bidsByBots)} share={percent(data.bidsByBots, bids)} bot />
                <Figure testId="fairness-without-house" label={t('fairness.withoutHouse')} value={count(data.withoutHouseBidders)} share={percent(data.withoutHouseBidders, data.auctionsFinished)} />
              </dl>
            </section>
          </div>
          <section className="card section-gap" data-testid="fairness-rule">
            <h2 className="card-title"><Bot aria-hidden="true" /> {t('fairness.ruleTitle')}</h2>
            {(t('fairness.rule', { returnObjects: true }) as string[]).map((line) => (
              <p key={line}>{line}</p>
            ))}
            <p>
              <Link to="/how-it-works">{t('fairness.howItWorks')}</Link>
            </p>
          </section>
        </>
      )}
    </div>
  )
}
