//! The winner's moment (issue 11): when the signed-in user has won the auction shown (the live page
//! hears the finish with them as winner, or they open an auction they won), a celebration with the
//! next step: claiming and paying for the item on the profile's won-items card. The heading takes
//! focus when the panel appears and the panel is a polite live region, so a screen reader says it.
import { useAtomValue } from 'jotai'
import { Trophy } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Auction, User } from '../../lib/api-types'
import { useMoney } from '../../lib/money'
import { currentUserAtom } from '../../lib/session'
import './you-won-panel.css'

/** Where the won item is claimed and paid: the profile's won-items card. */
export const CLAIM_PATH = '/profile#won-items'

/** Whether `user` is the person who won `auction` (a bot's win is nobody's). */
export function wonBy(auction: Auction, user: User | null): boolean {
  const winner = auction.winner
  return auction.status === 'finished' && !!user && !!winner && !winner.isBot && winner.id === user.id
}

/** Whether the signed-in user won `auction`. */
export function useWonByMe(auction: Auction): boolean {
  return wonBy(auction, useAtomValue(currentUserAtom))
}

export function YouWonPanel({ auction }: { auction: Auction }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus({ preventScroll: true }), [])
  const price = money(auction.winningBid?.amount ?? auction.currentPrice)
  return (
    <div className="you-won" role="status" data-testid="you-won-panel">
      <Trophy className="you-won-trophy" aria-hidden="true" />
      <p className="you-won-eyebrow">{t('youWon.eyebrow')}</p>
      <h2 className="you-won-title" ref={heading} tabIndex={-1} data-testid="you-won-title">
        {t('youWon.title', { title: auction.title, price })}
      </h2>
      <p className="you-won-next">{t('youWon.next')}</p>
      <Link to={CLAIM_PATH} className="btn btn-primary btn-block" data-testid="you-won-claim">
        {t('youWon.claim')}
      </Link>
    </div>
  )
}
