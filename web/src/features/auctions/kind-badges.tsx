//! An auction's fair kinds (issue 13, part 3), shown before anyone bids: a beginner auction, the
//! win limits, and no new bidders after a price or a time. The actor enforces each
//! (`beginners_only`, `win_limit_reached`, `no_new_bidders`). The badges are on every card and
//! in the auction page's header; what each means is `KindHints`, loaded after the first screen.
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import type { Auction } from '../../lib/api-types'
import { formatDateTime, formatMoney } from '../../lib/format'
import { settingsAtom } from '../../lib/settings'
import './kind-badges.css'

type Kinds = Pick<Auction, 'kind' | 'winLimited' | 'noNewBiddersAfter'>

/** The auction's kinds as `[id, label]`, in a fixed order; empty for a standard auction. */
export function useKinds(auction: Kinds): [string, string][] {
  const { t, i18n } = useTranslation()
  const { currencySymbol } = useAtomValue(settingsAtom)
  const after = auction.noNewBiddersAfter
  const when = after && [after.price !== null && formatMoney(after.price, currencySymbol), after.at && formatDateTime(after.at, i18n.language)].filter(Boolean).join(' / ')
  const kinds: [string, string][] = []
  if (auction.kind === 'beginner') kinds.push(['beginner', t('auction.kinds.beginner')])
  if (auction.winLimited) kinds.push(['winLimited', t('auction.kinds.winLimited')])
  if (when) kinds.push(['noNewBidders', t('auction.kinds.noNewBidders', { when })])
  return kinds
}

export function KindBadges({ auction }: { auction: Kinds }) {
  const kinds = useKinds(auction)
  if (kinds.length === 0) return null
  return (
    <ul className="kind-badges" data-testid="kind-badges">
      {kinds.map(([id, label]) => (
        <li key={id} data-testid={`kind-${id}`}>
          <span className="badge badge-kind">{label}</span>
        </li>
      ))}
    </ul>
  )
}
