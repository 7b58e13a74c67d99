//! Buy It Now on a finished auction's page (issue 13, part 2), for a participant who lost it: the
//! item at its retail price less the value of the bids they spent on it, while the offer lasts and
//! stock is left. "Buy" opens the won items' delivery dialog, which starts the purchase
//! (`POST /api/auctions/{id}/buy-now`) and the payment; the purchase is then a won item in the
//! profile. Loaded after the first screen (`lazy` in auction-detail).
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ShoppingBag } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ClaimDialog } from '../../components/claim-dialog'
import type { Claimable } from '../../components/claim-dialog'
import { api, dataOf } from '../../lib/api'
import type { Auction } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { queryKeys } from '../../lib/queries'
import './buy-now-card.css'

/** Why there is no offer to show, when the answer says more than "not for you". */
const NOTES = ['buy_now_sold_out', 'buy_now_closed'] as const

export function buyNowQueryKey(id: number) {
  return ['user', 'buy-now', id] as const
}

/** The offer, or why there is none for the caller (an answer, not an error). */
async function readOffer(id: number) {
  return dataOf(api.GET('/api/auctions/{id}/buy-now', { params: { path: { id } } }))
}

export function BuyNowCard({ auction }: { auction: Pick<Auction, 'id' | 'title'> }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const client = useQueryClient()
  const key = buyNowQueryKey(auction.id)
  const { data } = useQuery({ queryKey: key, queryFn: () => readOffer(auction.id) })
  const [buying, setBuying] = useState<Claimable | null>(null)

  if (!data) return null
  const { offer, deliveryMethods } = data
  if (!offer) {
    const note = NOTES.find((code) => code === data.unavailable)
    return note ? (
      <p className="card muted small buy-now-note" data-testid="buy-now-note">
        {t(`buyNow.${note === 'buy_now_sold_out' ? 'soldOut' : 'closed'}`)}
      </p>
    ) : null
  }
  const close = () => {
    setBuying(null)
    void client.invalidateQueries({ queryKey: key })
    void client.invalidateQueries({ queryKey: queryKeys.userClaims })
  }
  return (
    <section className="card buy-now-card" aria-labelledby="buy-now-title" data-testid="buy-now-card">
      <h2 className="card-title" id="buy-now-title">
        <ShoppingBag aria-hidden="true" /> {t('buyNow.title')}
      </h2>
      <p className="muted small">{t('buyNow.intro')}</p>
      <dl className="buy-now-sum" data-testid="buy-now-sum">
        <div>
          <dt>{t('buyNow.retail')}</dt>
          <dd>{money(offer.retailPrice)}</dd>
        </div>
        <div>
          <dt>{t('buyNow.bids', { count: offer.bidsSpent, value: money(offer.bidValue) })}</dt>
          <dd data-testid="buy-now-credit">−{money(offer.credit)}</dd>
        </div>
        <div className="buy-now-total">
          <dt>{t('buyNow.price')}</dt>
          <dd data-testid="buy-now-price">{money(offer.price)}</dd>
        </div>
      </dl>
      {offer.claimId !== null ? (
        <p className="buy-now-bought" role="status" data-testid="buy-now-bought">
          {t('buyNow.bought')} <Link to="/profile">{t('buyNow.toProfile')}</Link>
        </p>
      ) : (
        <>
          <p className="muted small" data-testid="buy-now-until">
            {t('buyNow.until', { date: formatDateTime(offer.until, i18n.language), left: offer.left })}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => setBuying({ id: auction.id, title: auction.title, price: offer.price, deliveryMethod: null, address: null, phone: null })}
            data-testid="buy-now-open"
          >
            {t('buyNow.buy', { price: money(offer.price) })}
          </button>
        </>
      )}
      <ClaimDialog
        claim={buying}
        deliveryMethods={deliveryMethods}
        onClose={close}
        send={(body) => dataOf(api.POST('/api/auctions/{id}/buy-now', { params: { path: { id: auction.id } }, body }))}
      />
    </section>
  )
}
