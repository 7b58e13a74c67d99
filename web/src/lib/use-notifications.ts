//! The user's notices for the bell, the drawer and the notifications page: the cached list
//! (`GET /api/notifications`, kept current by the socket), marking read
//! (`POST /api/notifications/read`; no ids = all) and opening one (marks it read, then goes where
//! it points).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { api, dataOf } from './api'
import type { Notification } from './api-types'
import { markedRead, noticeTarget } from './notifications'
import { notificationsQuery } from './queries'

export function useNotifications(enabled = true) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const query = useQuery({ ...notificationsQuery(), enabled })
  const key = notificationsQuery().queryKey
  const mark = useMutation({
    mutationFn: (ids: number[] | undefined) => dataOf(api.POST('/api/notifications/read', { body: ids ? { ids } : {} })),
    onSuccess: ({ unread }, ids) => {
      queryClient.setQueryData(key, (list) => (list ? markedRead(list, ids, unread) : list))
    },
  })

  /** Marks `notice` read (when it is unread and stored) and goes where it points. */
  const open = (notice: Notification) => {
    if (!notice.read && notice.id !== null) mark.mutate([notice.id])
    void navigate(noticeTarget(notice))
  }

  return {
    notifications: query.data?.notifications ?? [],
    unread: query.data?.unread ?? 0,
    query,
    markAllRead: () => mark.mutate(undefined),
    marking: mark.isPending,
    open,
  }
}
