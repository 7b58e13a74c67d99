import { useTranslation } from 'react-i18next'
import { AdminNav } from '../../components/admin-nav'
import { AuctionTable } from './auction-table'
import { BidPackageTable } from './bid-package-table'
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
      <AuctionTable botNames={NO_BOTS} />
      <div className="admin-grid section-gap">
        <BidPackageTable />
      </div>
    </div>
  )
}
