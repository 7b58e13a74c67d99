import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { useQuery } from '../../lib/query'
import { currentUserAtom } from '../../lib/session'
import type { UserPrebid } from '../../lib/types'

export const PREBIDS_STALE_MS = 30_000

/** Ids of the auctions the current user has pre-bid on (the list is stale after 30 s). */
export function usePrebidIds(): Set<number> {
  const user = useAtomValue(currentUserAtom)
  const { data } = useQuery<UserPrebid[]>(user ? '/api/prebids/user' : null, PREBIDS_STALE_MS)
  return useMemo(() => {
    const ids = new Set<number>()
    for (const prebid of data ?? []) {
      const id = prebid.auction?.id ?? prebid.auctionId
      if (typeof id === 'number') ids.add(id)
    }
    return ids
  }, [data])
}
