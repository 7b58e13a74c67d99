import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/page-header'
import { LoginRequired } from '../../components/login-required'
import { PageSpinner } from '../../components/spinner'
import { userBidsQuery, userPrebidsQuery, userStatsQuery } from '../../lib/queries'
import { authStatusAtom, currentUserAtom } from '../../lib/session'
import { BidGroupList } from './bid-group-list'
import { PrebidsTable } from './history-tables'
import { useDocumentTitle } from '../../lib/use-document-title'

export function BidHistoryPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('bidHistory.title'))
  const status = useAtomValue(authStatusAtom)
  const user = useAtomValue(currentUserAtom)
  const loggedIn = user !== null
  const bids = useQuery({ ...userBidsQuery(), enabled: loggedIn })
  const prebids = useQuery({ ...userPrebidsQuery(), enabled: loggedIn })
  const stats = useQuery({ ...userStatsQuery(), enabled: loggedIn })

  if (status === 'loading') return <PageSpinner />
  if (!user) return <LoginRequired title={t('bidHistory.title')} message={t('bidHistory.loginRequired')} action="back" />

  const tiles = [
    { label: t('bidHistory.totalBids'), value: bids.data?.length ?? 0 },
    { label: t('bidHistory.totalPrebids'), value: prebids.data?.length ?? 0 },
    { label: t('profile.activeBids'), value: stats.data?.activeBids ?? 0 },
    { label: t('profile.wonCount'), value: stats.data?.wonAuctions ?? user.wonAuctions },
  ]

  return (
    <div className="container page" data-testid="bid-history-page">
      <PageHeader title={t('bidHistory.title')} backButton />
      <section aria-label={t('bidHistory.statsTitle')}>
        <ul className="stat-grid">
          {tiles.map((tile) => (
            <li key={tile.label} className="card stat-card">
              <strong>{tile.value}</strong>
              <span>{tile.label}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card section-gap">
        <h2 className="card-title">{t('bidHistory.bidsTitle')}</h2>
        {bids.isPending ? <PageSpinner /> : <BidGroupList bids={bids.data ?? []} />}
      </section>
      <section className="card section-gap">
        <h2 className="card-title">{t('bidHistory.prebidsTitle')}</h2>
        {prebids.isPending ? <PageSpinner /> : <PrebidsTable prebids={prebids.data ?? []} />}
      </section>
    </div>
  )
}
