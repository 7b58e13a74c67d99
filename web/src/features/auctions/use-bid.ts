//! Placing a bid or a pre-bid: login and balance checks first, then the call; the answer updates
//! the auction's atoms and the user's balance.
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, messageOf } from '../../lib/api'
import { openLoginDialogAtom } from '../../lib/dialogs'
import { invalidateQueryAtom } from '../../lib/query'
import { auctionReceivedAtom, bidAcceptedAtom } from '../../lib/realtime'
import { currentUserAtom, setBidBalanceAtom } from '../../lib/session'
import { useToast } from '../../lib/toast'
import type { Auction, AuctionBid } from '../../lib/types'

/** `POST /api/auctions/{id}/bid` → `{auction, bid, bidBalance}`; the pre-bid answer may lack `bid`. */
interface BidAnswer {
  auction?: Auction
  bid?: AuctionBid | null
  bidBalance?: number
}

type Kind = 'bid' | 'prebid'

export function usePlaceBid(kind: Kind) {
  const { t } = useTranslation()
  const user = useAtomValue(currentUserAtom)
  const openLogin = useSetAtom(openLoginDialogAtom)
  const setBalance = useSetAtom(setBidBalanceAtom)
  const received = useSetAtom(auctionReceivedAtom)
  const accepted = useSetAtom(bidAcceptedAtom)
  const invalidate = useSetAtom(invalidateQueryAtom)
  const { toast } = useToast()
  const [pending, setPending] = useState(false)

  const place = useCallback(
    async (auction: Auction) => {
      if (!user) {
        toast({ title: t('bid.authRequired'), description: t('bid.authRequiredText'), variant: 'destructive' })
        openLogin('login')
        return
      }
      if (user.bidBalance < 1) {
        toast({ title: t('bid.insufficient'), description: t('bid.insufficientText'), variant: 'destructive' })
        return
      }
      setPending(true)
      try {
        const answer = await api.post<BidAnswer>(`/api/auctions/${auction.id}/${kind}`)
        // Shown at once; the socket's `bidsPlaced` for the same bid is de-duplicated by id.
        if (answer?.auction) {
          if (kind === 'bid') accepted({ auction: answer.auction, bid: answer.bid })
          else received(answer.auction)
        }
        if (typeof answer?.bidBalance === 'number') setBalance(answer.bidBalance)
        invalidate('/api/users/')
        invalidate(kind === 'bid' ? '/api/bids/user' : '/api/prebids/user')
        if (kind === 'bid') {
          toast({ title: t('bid.placed'), description: t('bid.placedText', { balance: answer?.bidBalance ?? user.bidBalance - 1 }) })
        } else {
          toast({ title: t('bid.prebidPlaced'), description: t('bid.prebidPlacedText') })
        }
      } catch (error) {
        const fallback = kind === 'bid' ? t('bid.failedText') : t('bid.prebidFailed')
        toast({ title: kind === 'bid' ? t('bid.failed') : t('common.error'), description: messageOf(error, fallback), variant: 'destructive' })
      } finally {
        setPending(false)
      }
    },
    [kind, user, t, toast, openLogin, received, accepted, setBalance, invalidate],
  )

  return { place, pending }
}
