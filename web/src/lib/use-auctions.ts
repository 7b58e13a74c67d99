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
