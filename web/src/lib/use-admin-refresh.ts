//! After an admin action: refetch what it changed, plus what every admin action changes (the audit
//! log gains an entry, the statistics may move).
import { useQueryClient } from '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'
import { useCallback } from 'react'
import { queryKeys } from './queries'

export const ADMIN_ACTION_KEYS: readonly QueryKey[] = [queryKeys.adminAudit, queryKeys.adminStats]

export function useAdminRefresh() {
  const queryClient = useQueryClient()
  return useCallback(
    (changed: readonly QueryKey[] = []) =>
      Promise.all([...changed, ...ADMIN_ACTION_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined),
    [queryClient],
  )
}
