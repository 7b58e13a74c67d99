//! Keeps the bots' bid counts current without polling: whenever the socket reports a bot taking the
//! lead somewhere (a bot bid), the bots and their assignments are fetched again.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { queryKeys } from '../../lib/queries'
import type { Auction } from '../../lib/api-types'
import { botLeadSignature } from './bot-names'

/** Bids arriving together (several bots, one lobby burst) cause one refetch. */
export const BOT_REFETCH_DELAY_MS = 300

export function useRefetchOnBotLead(live: readonly Auction[]) {
  const queryClient = useQueryClient()
  const signature = botLeadSignature(live)
  const last = useRef(signature)
  useEffect(() => {
    if (last.current === signature) return undefined
    last.current = signature
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.adminBots }), BOT_REFETCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [signature, queryClient])
}
