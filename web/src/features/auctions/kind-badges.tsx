//! An auction's fair kinds (issue 13, part 3), shown before anyone bids: a beginner auction, the
//! win limits, and no new bidders after a price or a time; and its house rule (issue 22): no house
//! bidders, or a house reserve and how much of it is left. The actor enforces each
//! (`beginners_only`, `win_limit_reached`, `no_new_bidders`; bots past the rule, `house_rule_closed`). The badges are on every card and
//! in the auction page's header; what each means is `KindHints`, loaded after the first screen.
import { useTranslation } from 'react-i18next'
import type { Auction } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import './kind-badges.css'

export type Kinds = Pick<Auction, 'kind' | 'winLimited' | 'noNewBiddersAfter' | 'houseReserve' | 'totalBids'>

/** The house rule as `[id, values]`: no house bidders, a reserve with bids left, or one used up. */
export function houseRule({ houseReserve, totalBids }: Pick<Auction, 'houseReserve' | 'totalBids'>): [string, { reserve?: number; left?: number }] {
  if (houseReserve == null) return ['noHouse', {}]
  const left = Math.max(houseReserve - totalBids, 0)
  return left > 0 ? ['houseReserve', { reserve: houseReserve, left }] : ['houseDone', { reserve: houseReserve }]
}

/** The auction's kinds as `[id, label, values]`, in a fixed order, the house rule last. */
export function useKinds(auction: Kinds): [string, string, Record<string, unknown>][] {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const after = auction.noNewBiddersAfter
  const when = after && [after.price !== null && money(after.price), after.at && formatDateTime(after.at, i18n.language)].filter(Boolean).join(' / ')
  const kinds: [string, string, Record<string, unknown>][] = []
  if (auction.kind === 'beginner') kinds.push(['beginner', t('auction.kinds.beginner'), {}])
  if (auction.winLimited) kinds.push(['winLimited', t('auction.kinds.winLimited'), {}])
  if (when) kinds.push(['noNewBidders', t('auction.kinds.noNewBidders', { when }), {}])
  const [house, values] = houseRule(auction)
  kinds.push([house, t(`auction.kinds.${house}`, values), values])
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
