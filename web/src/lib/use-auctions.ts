//! React hooks over the realtime atoms: they hold a watch while mounted and return atom values.
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { EMPTY_DETAIL, auctionDetailsAtom, auctionListAtom, watchAuction, watchAuctionList } from './realtime'
import type { AuctionDetailState, AuctionListState } from './realtime'

export function useAuctionList(): AuctionListState {
  useEffect(() => watchAuctionList(), [])
  return useAtomValue(auctionListAtom)
}

export function useAuctionDetail(key: string): AuctionDetailState {
  useEffect(() => watchAuction(key), [key])
  return useAtomValue(auctionDetailsAtom)[key] ?? EMPTY_DETAIL
}

/**
 * Joins each auction of `ids` on the socket while mounted, so that changes the lobby updates do
 * not carry (pre-bid counts, every bid with its bidder) reach the atoms: the lists take the full
 * auction of each event, and `useAuctionDetail(String(id))` its bids.
 */
export function useWatchAuctions(ids: readonly number[]) {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',')
  useEffect(() => {
    if (!key) return undefined
    const stops = key.split(',').map((id) => watchAuction(id))
    return () => stops.forEach((stop) => stop())
  }, [key])
}
