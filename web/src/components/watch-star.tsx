//! The star that watches an auction (docs/rules/watchlist.md, "Watchlist"): a round icon in the corner
//! of every card, the icon with its word on the auction page and the profile, lit when the user
//! watches it (lib/watchlist.ts). A visitor who presses it is asked to log in, as for a bid; a
//! user's press shows at once and is then sent, and the star goes back with a toast saying why
//! when the server refuses (a full watchlist). The first screens load it after they show
//! (`LazyWatchStar`).
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { Star } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../lib/api'
import type { Auction } from '../lib/api-types'
import { openLoginDialogAtom } from '../lib/dialogs'
import { queryKeys } from '../lib/queries'
import { currentUserAtom } from '../lib/session'
import { useToast } from '../lib/toast'
import { setWatchedAtom, useWatchedIds } from '../lib/watchlist'
import './watch-star.css'

interface Props {
  auction: Pick<Auction, 'id' | 'title' | 'status'>
  /** `icon`: the round icon of a card; `labeled`: the icon and its word. */
  variant?: 'icon' | 'labeled'
  className?: string
}

export function WatchStar({ auction, variant = 'icon', className = '' }: Props) {
  const { t } = useTranslation()
  const user = useAtomValue(currentUserAtom)
  const watched = useWatchedIds().has(auction.id)
  const setWatched = useSetAtom(setWatchedAtom)
  const openLogin = useSetAtom(openLoginDialogAtom)
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const [pending, setPending] = useState(false)

  const press = async () => {
    if (!user) {
      toast({ title: t('watch.authRequired'), description: t('watch.authRequiredText'), variant: 'destructive' })
      openLogin('login')
      return
    }
    setPending(true)
    try {
      await setWatched({ id: auction.id, watched: !watched })
      if (watched) toast({ title: t('watch.removed') })
      else toast({ title: t('watch.added'), description: auction.status === 'upcoming' ? t('watch.addedText') : undefined })
      void queryClient.invalidateQueries({ queryKey: queryKeys.userWatchlist })
    } catch (error) {
      toast({ title: t('watch.failed'), description: messageOf(error, t('common.loadFailed')), variant: 'destructive' })
    } finally {
      setPending(false)
    }
  }

  // A toggle: the name stays, `aria-pressed` and the star's fill say whether it is on; the tooltip
  // says what a press does.
  const hint = t(watched ? 'watch.removeHint' : 'watch.addHint')
  const classes = ['watch-star', `watch-star-${variant}`, watched ? 'is-watched' : '', className].filter(Boolean).join(' ')
  return (
    <button
      type="button"
      className={classes}
      onClick={() => void press()}
      disabled={pending}
      aria-pressed={watched}
      aria-label={variant === 'icon' ? t('watch.label', { title: auction.title }) : undefined}
      title={hint}
      data-testid={`watch-star-${auction.id}`}
    >
      <Star aria-hidden="true" />
      {variant === 'labeled' && <span className="watch-star-word">{t('watch.word')}</span>}
    </button>
  )
}
