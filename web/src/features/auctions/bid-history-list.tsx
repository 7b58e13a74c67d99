import { Coins, ScrollText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { BotBadge } from '../../components/bot-badge'
import { EmptyState } from '../../components/empty-state'
import type { Bid } from '../../lib/api-types'
import { bidderName } from '../../lib/bots'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import './auction-detail.css'

export function BidHistoryList({ bids }: { bids: Bid[] }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  return (
    <section className="card" data-testid="auction-bid-history">
      <h2 className="card-title"><ScrollText aria-hidden="true" /> {t('auction.bidHistory')}</h2>
      {bids.length === 0 ? (
        <EmptyState icon={Coins}>{t('auction.noBidsYet')}</EmptyState>
      ) : (
        // A bounded panel that scrolls on its own; focusable so keyboard users can scroll it.
        <div className="bid-history-scroll" role="region" aria-label={t('auction.bidHistory')} tabIndex={0} data-testid="bid-history-scroll">
          <ol className="bid-list">
            {bids.map((bid, index) => (
              <li key={bid.id} className={`bid-row${index === 0 ? ' is-top' : ''}`} data-testid="bid-row" data-bot={bid.isBot || undefined}>
                <span className="bid-user">
                  <span data-user-content={bidderName(bid) ? true : undefined}>{bidderName(bid) ?? t('common.unknown')}</span>
                  {bid.isBot && <BotBadge />}
                  {bid.isPrebid && <span className="pill">{t('auction.prebidTag')}</span>}
                  {bid.isAuto && (
                    <span className="pill" data-testid="auto-tag">
                      {t('autobid.tag')}
                    </span>
                  )}
                </span>
                <span className="bid-amount">{money(bid.amount)}</span>
                <span className="muted small">{formatDateTime(bid.createdAt, i18n.language)}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  )
}
