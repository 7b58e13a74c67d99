import { Check } from 'lucide-react'
import { Pause } from 'lucide-react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import type { Auction } from '../../lib/api-types'
import { currentUserAtom } from '../../lib/session'
import { usePlaceBid } from './use-bid'

/** Live: disabled while pending, while the current user holds the last bid and while the auction
 * is paused (the server refuses every bid then). Visitors may press it and are asked to log in. */
export function BidButton({ auction, large = false }: { auction: Auction; large?: boolean }) {
  const { t } = useTranslation()
  const user = useAtomValue(currentUserAtom)
  const { place, pending } = usePlaceBid('bid')
  const leading = user !== null && auction.lastBidder === user.username
  const paused = auction.paused !== null
  const label = paused ? t('bid.paused') : pending ? t('bid.pending') : leading ? t('bid.youLead') : t('bid.button')
  return (
    <button
      type="button"
      className={`btn btn-primary btn-block${large ? ' btn-large' : ''}`}
      disabled={pending || leading || paused}
      onClick={() => place(auction)}
      data-testid={`bid-button-${auction.id}`}
    >
      {paused && <Pause aria-hidden="true" />}
      {label}
    </button>
  )
}

/** Upcoming: disabled while pending and once the user has pre-bid. */
export function PrebidButton({ auction, done, large = false }: { auction: Auction; done: boolean; large?: boolean }) {
  const { t } = useTranslation()
  const { place, pending } = usePlaceBid('prebid')
  return (
    <button
      type="button"
      className={`btn btn-outline btn-block${large ? ' btn-large' : ''}`}
      disabled={pending || done}
      onClick={() => place(auction)}
      data-testid={`prebid-button-${auction.id}`}
    >
      {done ? (
        <>
          <Check aria-hidden="true" /> {t('bid.prebidDone')}
        </>
      ) : pending ? (
        t('bid.pending')
      ) : (
        t('bid.prebidButton')
      )}
    </button>
  )
}
