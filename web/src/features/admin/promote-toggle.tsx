//! "Show on the home page": at most one auction is promoted (the home hero counts down to it);
//! promoting one takes the mark from the other.
import { Star } from 'lucide-react'
import type { LucideProps } from 'lucide-react'
import { useMutation } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { ActionButton } from '../../components/action-button'
import { api, dataOf, messageOf } from '../../lib/api'
import type { Auction } from '../../lib/api-types'
import { auctionPromotedAtom } from '../../lib/realtime'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'

/** The mark of the promoted auction: the star, filled. */
function FilledStar(props: LucideProps) {
  return <Star {...props} className="icon-filled" />
}

export function PromoteToggle({ auction }: { auction: Auction }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const promoted = useSetAtom(auctionPromotedAtom)
  const refresh = useAdminRefresh()
  const change = useMutation({
    mutationFn: (promote: boolean) => dataOf(api.PUT('/api/admin/auctions/{id}/promoted', { params: { path: { id: auction.id } }, body: { promoted: promote } })),
    onSuccess: (saved) => {
      promoted(saved)
      toast({ title: saved.isPromoted ? t('admin.toast.promoted') : t('admin.toast.unpromoted'), description: saved.title })
      return refresh()
    },
    onError: (error) => toast({ title: t('common.error'), description: messageOf(error, t('admin.toast.promoteFailed')), variant: 'destructive' }),
  })
  return (
    <ActionButton
      icon={auction.isPromoted ? FilledStar : Star}
      label={auction.isPromoted ? t('admin.actions.promoted') : t('admin.actions.promote')}
      tone={auction.isPromoted ? 'primary' : 'ghost'}
      aria-pressed={auction.isPromoted}
      onClick={() => change.mutate(!auction.isPromoted)}
      disabled={change.isPending}
      testId="auction-promote"
    />
  )
}
