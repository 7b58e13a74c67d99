import { CreditCard, ScrollText, Trophy, User } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BotBadge } from '../../components/bot-badge'
import { HonestNumbersLine } from '../../components/honest-numbers'
import { EmptyState } from '../../components/empty-state'
import type { Auction } from '../../lib/api-types'
import { formatDate } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { cheapestPricePerBid } from '../../lib/payments'
import { paymentPackagesQuery } from '../../lib/queries'
import { auctionPath } from '../../lib/slug'
import './home.css'
import { winnerName } from '../../lib/bots'

export const WINNERS_SHOWN = 5

export function QuickLinks() {
  const { t } = useTranslation()
  const links = [
    { to: '/topup', label: t('nav.topUp'), icon: CreditCard },
    { to: '/bid-history', label: t('nav.bidHistory'), icon: ScrollText },
    { to: '/profile', label: t('nav.profile'), icon: User },
  ]
  return (
    <section className="card" data-testid="quick-links">
      <h2 className="card-title">{t('home.quickLinks')}</h2>
      <ul className="quick-links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>
              <link.icon aria-hidden="true" /> {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The price of one bid in the cheapest package, for visitors deciding whether to sign up. */
export function BidPriceCard() {
  const { t } = useTranslation()
  const { money } = useMoney()
  const { data } = useQuery(paymentPackagesQuery())
  const cheapest = data ? cheapestPricePerBid(data.packages) : null
  if (cheapest === null) return null
  return (
    <section className="card bid-price-card" data-testid="bid-price-card">
      <h2 className="card-title"><CreditCard aria-hidden="true" /> {t('home.bidPrice.title')}</h2>
      <p className="bid-price-text">{t('home.bidPrice.text', { price: money(cheapest) })}</p>
      <Link to="/topup" className="btn btn-outline btn-block">
        {t('home.bidPrice.link')}
      </Link>
    </section>
  )
}

/** The home page's side column (below the lists on a phone, loaded when scrolled near). */
export function HomeSide({ signedIn, finished }: { signedIn: boolean; finished: Auction[] }) {
  return (
    <>
      {signedIn && <QuickLinks />}
      <BidPriceCard />
      <WinnersOfDay finished={finished} />
    </>
  )
}

/** The day's winners: finished lots someone won (a lot that ended without a bid has no winner to
 * show), newest first as given, at most `WINNERS_SHOWN`. */
export function dayWinners(finished: Auction[]): Auction[] {
  return finished.filter((auction) => auction.winner !== null && auction.winner !== undefined).slice(0, WINNERS_SHOWN)
}

export function WinnersOfDay({ finished }: { finished: Auction[] }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const winners = dayWinners(finished)
  return (
    <section className="card" data-testid="winners-of-day">
      <h2 className="card-title"><Trophy aria-hidden="true" /> {t('home.winnersTitle')}</h2>
      {winners.length === 0 ? (
        <EmptyState icon={Trophy}>{t('home.noWinners')}</EmptyState>
      ) : (
        <ul className="winners">
          {winners.map((auction) => (
            <li key={auction.id} className="winner">
              <Link to={auctionPath(auction)} className="winner-title" data-user-content>
                {auction.title}
              </Link>
              <span className="winner-name">
                <User aria-hidden="true" />{' '}
                <span data-user-content>{auction.winner ? winnerName(auction.winner) : ''}</span>
                {auction.winner?.isBot && <BotBadge />}
              </span>
              <span className="winner-meta">
                <strong>{money(auction.winningBid?.amount ?? auction.currentPrice)}</strong>
                <span className="muted small">{auction.endTime ? formatDate(auction.endTime, i18n.language) : ''}</span>
              </span>
              {auction.honestNumbers && <HonestNumbersLine numbers={auction.honestNumbers} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
