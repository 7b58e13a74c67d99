//! The promo hero: the auction the operator promoted (live or upcoming), else the first upcoming
//! non-package auction, with a countdown to its start (or, live, to its deadline; paused, the time
//! it had left, frozen); a 2-day countdown to the promoted phone when there is none.
import { ArrowRight, PiggyBank, Star } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Auction } from '../../lib/api-types'
import { msUntil, serverNow, useServerNow } from '../../lib/clock'
import { padTwo, splitCountdown } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { auctionPath, auctionSlug } from '../../lib/slug'
import { StatusBadge } from './status-badge'
import './promo-hero.css'

export const FALLBACK_COUNTDOWN_MS = 2 * 24 * 60 * 60 * 1000
export const PROMO_RETAIL_PRICE = 179_900
export const PROMO_STARTING_PRICE = 0.01
/** The promoted phone's page when no upcoming auction is known yet. */
export const PROMO_PATH = `/auction/${auctionSlug('iPhone 15 Pro 256 GB', 'TY/2026/00001')}`

export function promoTarget(upcoming: Auction[], live: Auction[] = []): Auction | undefined {
  return (
    live.find((auction) => auction.isPromoted) ??
    upcoming.find((auction) => auction.isPromoted) ??
    upcoming.find((auction) => !auction.isBidPackage)
  )
}

/** What the hero's countdown shows at `now`: its title's key and the time left (a paused auction's
 * frozen remainder, a live one's deadline, an upcoming one's start, else the fallback deadline). */
export function heroCountdown(target: Auction | undefined, now: number, fallbackDeadline: number) {
  if (!target) return { title: 'home.hero.startsIn', left: fallbackDeadline - now, paused: false } as const
  if (target.status !== 'live') return { title: 'home.hero.startsIn', left: msUntil(target.startTime, now), paused: false } as const
  if (target.paused) return { title: 'home.hero.paused', left: target.paused.remainingMs, paused: true } as const
  return { title: 'home.hero.liveNow', left: msUntil(target.endsAt ?? target.startTime, now), paused: false } as const
}

/** The hero's badge: "lot of the week" only for the lot the operator promoted (or the promoted
 * phone when no auction is known), "next lot" for one that merely starts next. */
export function heroBadge(target: Auction | undefined) {
  return target && !target.isPromoted ? 'home.hero.badgeNext' : 'home.hero.badge'
}

export function PromoHero({ upcoming, live }: { upcoming: Auction[]; live: Auction[] }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  const now = useServerNow()
  const [fallbackDeadline] = useState(() => serverNow() + FALLBACK_COUNTDOWN_MS)
  const target = promoTarget(upcoming, live)
  const isLive = target?.status === 'live'
  const { title, left, paused } = heroCountdown(target, now, fallbackDeadline)
  const countdownTitle = t(title)
  const parts = splitCountdown(left)
  const units = [
    { key: 'days', value: parts.days },
    { key: 'hours', value: parts.hours },
    { key: 'minutes', value: parts.minutes },
    { key: 'seconds', value: parts.seconds },
  ] as const

  return (
    <section className="hero" data-testid="promo-hero">
      <div className="container hero-inner">
        <div className="hero-text">
          <h1 className="hero-heading">{t('home.heading')}</h1>
          <div className="hero-badges">
            <span className="badge badge-light"><Star aria-hidden="true" /> {t(heroBadge(target))}</span>
            {paused && target && <StatusBadge auction={target} />}
          </div>
          <h2 className="hero-title">{target?.title ?? t('home.hero.title')}</h2>
          <p className="hero-subtitle">{t('home.hero.subtitle')}</p>
          <dl className="hero-prices">
            <div>
              <dt>{t('home.hero.retail')}</dt>
              <dd>
                <s>{money(target?.retailPrice ?? PROMO_RETAIL_PRICE)}</s>
              </dd>
            </div>
            <div>
              <dt>{t(isLive ? 'home.hero.current' : 'home.hero.starting')}</dt>
              <dd className="hero-start">
                {money((isLive ? target?.currentPrice : target?.startingPrice) ?? PROMO_STARTING_PRICE)}
              </dd>
            </div>
          </dl>
          <p className="hero-savings"><PiggyBank aria-hidden="true" /> {t('home.hero.savings')}</p>
          <Link to={target ? auctionPath(target) : PROMO_PATH} className="btn btn-light btn-large">
            {t('home.hero.cta')} <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <div className={`hero-countdown${paused ? ' is-paused' : ''}`} aria-label={countdownTitle} role="timer" data-testid="hero-countdown">
          <p className="hero-countdown-title">{countdownTitle}</p>
          <div className="countdown-units">
            {units.map((unit) => (
              <div key={unit.key} className="countdown-unit">
                <strong>{padTwo(unit.value)}</strong>
                <span>{t(`home.hero.${unit.key}`)}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  )
}
