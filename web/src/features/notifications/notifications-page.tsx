//! /notifications: the user's newest 50 notices (the bell lists the first few), live over the
//! socket, with "mark all read"; choosing one marks it read and goes where it points. The mobile
//! drawer links here.
import { Bell } from 'lucide-react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../components/empty-state'
import { LoginRequired } from '../../components/login-required'
import { NoticeItem } from '../../components/notice-item'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/spinner'
import { messageOf } from '../../lib/api'
import { authStatusAtom, currentUserAtom } from '../../lib/session'
import { useNotifications } from '../../lib/use-notifications'
import { useDocumentTitle } from '../../lib/use-document-title'
import './notifications.css'

export function NotificationsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('notifications.title'))
  const status = useAtomValue(authStatusAtom)
  const user = useAtomValue(currentUserAtom)
  const { notifications, unread, query, markAllRead, marking, open } = useNotifications(user !== null)

  if (status === 'loading') return <PageSpinner />
  if (!user) return <LoginRequired title={t('notifications.title')} message={t('notifications.loginRequired')} action="home" />

  return (
    <div className="container page" data-testid="notifications-page">
      <PageHeader title={t('notifications.title')} backButton />
      <section className="card">
        <div className="card-head">
          <h2 className="card-title">
            {t('notifications.latest')} {unread > 0 && <span className="badge badge-accent">{unread}</span>}
          </h2>
          {unread > 0 && (
            <button type="button" className="btn btn-outline btn-small" onClick={markAllRead} disabled={marking} data-testid="notifications-page-mark-all">
              {t('notifications.markAll')}
            </button>
          )}
        </div>
        {query.isPending && <PageSpinner />}
        {query.isError && <p className="notice notice-error">{messageOf(query.error, t('common.loadFailed'))}</p>}
        {query.data && notifications.length === 0 && <EmptyState icon={Bell}>{t('notifications.empty')}</EmptyState>}
        <ul className="notice-list">
          {notifications.map((notice, index) => (
            <li key={notice.id ?? `live-${index}`}>
              <button type="button" className="notice-button" onClick={() => open(notice)} data-testid="notification-row" data-kind={notice.type}>
                <NoticeItem notice={notice} />
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
