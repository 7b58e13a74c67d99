//! Placing a bid or a pre-bid: login and balance checks first, then the call (a mutation); the
//! answer updates the auction's atoms and the user's balance, and marks the user's lists that the
//! bid changed for refetching.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { api, messageOf } from '../../lib/api'
import { openLoginDialogAtom } from '../../lib/dialogs'
import { keysChangedByBid } from '../../lib/queries'
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
  const queryClient = useQueryClient()
  const { toast } = useToast()

  const { mutate, isPending } = useMutation({
    mutationFn: (auction: Auction) => api.post<BidAnswer | undefined>(`/api/auctions/${auction.id}/${kind}`),
    onSuccess: (answer) => {
      // Shown at once; the socket's `bidsPlaced` for the same bid is de-duplicated by id.
      if (answer?.auction) {
        if (kind === 'bid') accepted({ auction: answer.auction, bid: answer.bid })
        else received(answer.auction)
      }
      if (typeof answer?.bidBalance === 'number') setBalance(answer.bidBalance)
      if (kind === 'bid') {
        const balance = answer?.bidBalance ?? (user ? user.bidBalance - 1 : 0)
        toast({ title: t('bid.placed'), description: t('bid.placedText', { balance }) })
      } else {
        toast({ title: t('bid.prebidPlaced'), description: t('bid.prebidPlacedText') })
      }
      // Stays pending until the lists on screen (e.g. the pre-bid marks) have their fresh copy.
      return Promise.all(keysChangedByBid(kind).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
    onError: (error) => {
      const fallback = kind === 'bid' ? t('bid.failedText') : t('bid.prebidFailed')
      toast({ title: kind === 'bid' ? t('bid.failed') : t('common.error'), description: messageOf(error, fallback), variant: 'destructive' })
    },
  })

  const place = useCallback(
    (auction: Auction) => {
      if (!user) {
        toast({ title: t('bid.authRequired'), description: t('bid.authRequiredText'), variant: 'destructive' })
        openLogin('login')
        return
      }
      if (user.bidBalance < 1) {
        toast({ title: t('bid.insufficient'), description: t('bid.insufficientText'), variant: 'destructive' })
        return
      }
      mutate(auction)
    },
    [user, t, toast, openLogin, mutate],
  )

  return { place, pending: isPending }
}
