//! Placing a bid or a pre-bid: login and balance checks first, then the call (a mutation); the
//! answer updates the auction's atoms and the user's balance, and marks the user's lists that the
//! bid changed for refetching. A live bid goes over the realtime socket while it is connected (the
//! same answer and errors as the POST, for half the server's work), else over HTTP; a pre-bid is
//! always posted.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { api, dataOf, messageOf } from '../../lib/api'
import type { Auction, BidAnswer, PrebidAnswer } from '../../lib/api-types'
import { openLoginDialogAtom } from '../../lib/dialogs'
import { keysChangedByBid } from '../../lib/queries'
import { bidAcceptedAtom, placeBidOverSocket, prebidAcceptedAtom } from '../../lib/realtime'
import { currentUserAtom, setBidBalanceAtom } from '../../lib/session'
import { useToast } from '../../lib/toast'

type Kind = 'bid' | 'prebid'

/** The server's answer, by kind. */
type Placed = { kind: 'bid'; answer: BidAnswer } | { kind: 'prebid'; answer: PrebidAnswer }

/** `POST /api/auctions/{id}/bid` or `/prebid`. */
async function postBid(kind: Kind, id: number): Promise<Placed> {
  const init = { params: { path: { id } } }
  if (kind === 'bid') return { kind, answer: await dataOf(api.POST('/api/auctions/{id}/bid', init)) }
  return { kind, answer: await dataOf(api.POST('/api/auctions/{id}/prebid', init)) }
}

/** A live bid over the socket when it is connected, else (and every pre-bid) `postBid`. A bid the
 * socket sent is never posted again, whatever became of it: it could be charged twice. */
function placeBid(kind: Kind, id: number): Promise<Placed> {
  const overSocket = kind === 'bid' ? placeBidOverSocket(id) : null
  if (!overSocket) return postBid(kind, id)
  return overSocket.then((answer) => (answer ? { kind: 'bid', answer } : postBid(kind, id)))
}

/** The accepted bid's toast text: the balance left, its noun agreeing with the number. */
export function bidPlacedText(t: TFunction, balance: number): string {
  return t('bid.placedText', { count: balance })
}

export function usePlaceBid(kind: Kind) {
  const { t } = useTranslation()
  const user = useAtomValue(currentUserAtom)
  const openLogin = useSetAtom(openLoginDialogAtom)
  const setBalance = useSetAtom(setBidBalanceAtom)
  const bidAccepted = useSetAtom(bidAcceptedAtom)
  const prebidAccepted = useSetAtom(prebidAcceptedAtom)
  const queryClient = useQueryClient()
  const { toast } = useToast()

  const { mutate, isPending } = useMutation({
    mutationFn: (auction: Auction) => placeBid(kind, auction.id),
    onSuccess: (placed) => {
      if (placed.kind === 'bid') {
        const { auction, bid, bidBalance } = placed.answer
        // Shown at once; the socket's `bidsPlaced` for the same bid is de-duplicated by id.
        bidAccepted({ auction, bid })
        if (bidBalance !== null) setBalance(bidBalance)
        const balance = bidBalance ?? (user ? user.bidBalance - 1 : 0)
        toast({ title: t('bid.placed'), description: bidPlacedText(t, balance) })
      } else {
        prebidAccepted(placed.answer)
        setBalance(placed.answer.bidBalance)
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
