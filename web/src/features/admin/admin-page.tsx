//! /admin: system statistics, the auction table (with the create and edit dialogs), upcoming bid
//! packages and the audit log. Everything about live auctions follows the socket.
import { useTranslation } from 'react-i18next'
import { AdminNav } from '../../components/admin-nav'
import { AuctionTable } from './auction-table'
import { AuditLogCard } from './audit-log-card'
import { BidPackageTable } from './bid-package-table'
import { PromoteToggle } from './promote-toggle'
import { SystemStatsCard } from './system-stats-card'
import './admin.css'

const NO_BOTS: ReadonlySet<string> = new Set()

export function AdminPage() {
  const { t } = useTranslation()
  return (
    <div className="container page" data-testid="admin-page">
      <header className="page-header">
        <h1 className="page-title">{t('admin.title')}</h1>
        <p className="page-subtitle">{t('admin.subtitle')}</p>
      </header>
      <AdminNav />
      <SystemStatsCard />
      <AuctionTable botNames={NO_BOTS} renderPromote={(auction) => <PromoteToggle auction={auction} />} />
      <div className="admin-grid section-gap">
        <BidPackageTable />
      </div>
      <AuditLogCard />
    </div>
  )
}
