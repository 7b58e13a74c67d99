//! The public record's download on a finished auction's page (issue 13, part 5): every bid with its
//! server time, bidder and kind, chained by SHA-256 so that anyone can check that nothing was
//! changed afterwards. The path is the contract's (`GET /api/auctions/{id}/record`); the browser
//! downloads the JSON the server names `tyiyn-record-<id>.json`.
import { FileDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { paths } from '../api/schema'

const RECORD_PATH: keyof paths = '/api/auctions/{id}/record'

/** Where auction `id`'s record is downloaded from. */
export function recordHref(id: number): string {
  return RECORD_PATH.replace('{id}', String(id))
}

export function AuctionRecord({ auctionId }: { auctionId: number }) {
  const { t } = useTranslation()
  return (
    <section className="card" aria-labelledby="auction-record-title" data-testid="auction-record">
      <h2 className="card-title" id="auction-record-title">
        {t('record.title')}
      </h2>
      <p className="muted">{t('record.text')}</p>
      <a className="btn btn-outline btn-block" href={recordHref(auctionId)} download={`tyiyn-record-${auctionId}.json`} data-testid="record-download">
        <FileDown aria-hidden="true" /> {t('record.download')}
      </a>
    </section>
  )
}
