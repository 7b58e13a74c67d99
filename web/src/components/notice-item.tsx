//! One notice as the bell's list and the notifications page show it: the kind's icon, its title
//! and text, when it came, and a dot (with words for screen readers) while it is unread.
import { useTranslation } from 'react-i18next'
import type { Notification } from '../lib/api-types'
import { formatDateTime } from '../lib/format'
import { NOTICE_ICONS, noticeText } from '../lib/notice-text'
import './notice-item.css'

export function NoticeItem({ notice }: { notice: Notification }) {
  const { t, i18n } = useTranslation()
  const { title, text } = noticeText(t, notice, i18n.language)
  const Icon = NOTICE_ICONS[notice.type]
  return (
    <span className={`notice-item${notice.read ? '' : ' is-unread'}`} data-kind={notice.type} data-read={notice.read}>
      <span className="notice-icon">
        <Icon aria-hidden="true" />
      </span>
      <span className="notice-body">
        <strong className="notice-title">
          {title}
          {!notice.read && <span className="sr-only"> ({t('notifications.unread')})</span>}
        </strong>
        <span className="notice-text">{text}</span>
        <span className="muted small">{formatDateTime(notice.createdAt, i18n.language)}</span>
      </span>
      {!notice.read && <span className="notice-dot" aria-hidden="true" />}
    </span>
  )
}
