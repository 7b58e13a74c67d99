import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { userPrebidsQuery } from '../../lib/queries'
import { currentUserAtom } from '../../lib/session'

/** Ids of the auctions the current user has pre-bid on (the list is stale after 30 s). */
export function usePrebidIds(): Set<number> {
  const user = useAtomValue(currentUserAtom)
  const { data } = useQuery({ ...userPrebidsQuery(), enabled: user !== null })
  return useMemo(() => {
    const ids = new Set<number>()
    for (const prebid of data ?? []) {
      const id = prebid.auction?.id ?? prebid.auctionId
      if (typeof id === 'number') ids.add(id)
    }
    return ids
  }, [data])
}
