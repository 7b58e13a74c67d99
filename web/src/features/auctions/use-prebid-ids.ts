import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { userPrebidsQuery } from '../../lib/queries'
import { currentUserAtom } from '../../lib/session'

/** Ids of the auctions the current user has pre-bid on (the list is stale after 30 s). */
export function usePrebidIds(): Set<number> {
  const user = useAtomValue(currentUserAtom)
  const { data } = useQuery({ ...userPrebidsQuery(), enabled: user !== null })
  return useMemo(() => new Set((data ?? []).map((prebid) => prebid.auctionId)), [data])
}
