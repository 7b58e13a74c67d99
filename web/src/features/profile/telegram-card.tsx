//! The profile's Telegram card (issue 24; docs/rules/telegram.md, "Telegram"), shown only when the site
//! has a bot. Not linked: "Link Telegram" asks for a one-time link, opens it (Telegram's app, where
//! the user presses Start) and also shows it as a link, for phones whose browser kept the new tab
//! from opening; while the card waits, it asks the server every few seconds whether the chat is
//! linked. Linked: since when, and "Unlink" after a confirmation. A chat linked or unlinked
//! changes where notices can go: the notices card asks for its settings again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Send } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../components/confirm-dialog'
import { api, dataOf, messageOf } from '../../lib/api'
import type { TelegramStatus } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { queryKeys, userTelegramQuery } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import './telegram-card.css'

/** How often a card waiting for Start asks whether the chat is linked. */
export const WAIT_POLL_MS = 3_000
/** A link works this long (the server's `LINK_MINUTES`); the card stops asking after it. */
export const LINK_LIFETIME_MS = 15 * 60_000

export function TelegramCard() {
  const { t } = useTranslation()
  const status = useQuery(userTelegramQuery())
  useNoticesFollowLink(status.data?.linked)
  if (!status.data?.enabled) return null
  return (
    <section className="card telegram-card" aria-labelledby="telegram-title" data-testid="telegram-card">
      <h2 className="card-title" id="telegram-title">
        <Send aria-hidden="true" /> {t('telegram.title')}
      </h2>
      {status.data.linked ? <Linked status={status.data} /> : <NotLinked />}
    </section>
  )
}

/** Asks for the notice settings again when the chat becomes linked or unlinked: linking turns
 * every kind on for Telegram (on the server), and either way Telegram's boxes turn on or off. */
function useNoticesFollowLink(linked: boolean | undefined) {
  const client = useQueryClient()
  const known = useRef(linked)
  useEffect(() => {
    if (linked === undefined) return
    if (known.current !== undefined && known.current !== linked) void client.invalidateQueries({ queryKey: queryKeys.userNotices })
    known.current = linked
  }, [linked, client])
}

/** The link the card asked for, and when. */
interface Waiting {
  url: string
  since: number
}

function NotLinked() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const [waiting, setWaiting] = useState<Waiting | null>(null)
  const [expired, setExpired] = useState(false)
  // While a link waits for Start, this card asks every few seconds; it stops once the chat is
  // linked (this part is gone), the link has expired, or the page is left.
  useQuery({ ...userTelegramQuery(), refetchInterval: waiting && !expired ? WAIT_POLL_MS : false })
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => setExpired(true), waiting.since + LINK_LIFETIME_MS - Date.now())
    return () => clearTimeout(timer)
  }, [waiting])
  const link = useMutation({ mutationFn: () => dataOf(api.POST('/api/me/telegram/link')) })

  const start = async () => {
    try {
      const { url } = await link.mutateAsync()
      setWaiting({ url, since: Date.now() })
      setExpired(false)
      window.open(url, '_blank', 'noopener,noreferrer')
    } catch (cause) {
      toast({ title: t('telegram.linkFailed'), description: messageOf(cause, t('common.error')), variant: 'destructive' })
    }
  }

  return (
    <div className="telegram-body">
      <p className="muted small">{t('telegram.intro')}</p>
      <button type="button" className="btn btn-primary" disabled={link.isPending} onClick={() => void start()} data-testid="telegram-link">
        {link.isPending ? t('telegram.linking') : t('telegram.link')}
      </button>
      {waiting && expired && (
        <p className="muted small" data-testid="telegram-expired">
          {t('telegram.expired')}
        </p>
      )}
      {waiting && !expired && (
        <div className="telegram-waiting" data-testid="telegram-waiting">
          <p className="small">{t('telegram.pressStart')}</p>
          <a className="btn btn-outline btn-block" href={waiting.url} target="_blank" rel="noopener noreferrer" data-testid="telegram-url">
            {t('telegram.open')}
          </a>
          <p className="muted small">{t('telegram.lifetime')}</p>
          <p className="telegram-status small" role="status">
            <span className="telegram-dot" aria-hidden="true" />
            {t('telegram.waiting')}
          </p>
        </div>
      )}
    </div>
  )
}

function Linked({ status }: { status: TelegramStatus }) {
  const { t, i18n } = useTranslation()
  const { toast } = useToast()
  const { confirm, dialog } = useConfirm()
  const client = useQueryClient()
  const unlink = useMutation({
    mutationFn: () => dataOf(api.DELETE('/api/me/telegram')),
    onSuccess: (answer) => client.setQueryData(queryKeys.userTelegram, answer),
  })

  const ask = async () => {
    const ok = await confirm({
      title: t('telegram.unlinkConfirm'),
      description: t('telegram.unlinkText'),
      confirmLabel: t('telegram.unlink'),
      destructive: true,
    })
    if (!ok) return
    try {
      await unlink.mutateAsync()
      toast({ title: t('telegram.unlinked') })
    } catch (cause) {
      toast({ title: t('telegram.unlinkFailed'), description: messageOf(cause, t('common.error')), variant: 'destructive' })
    }
  }

  return (
    <div className="telegram-body">
      <p className="telegram-linked" role="status" data-testid="telegram-linked">
        {status.linkedAt ? t('telegram.linkedSince', { date: formatDateTime(status.linkedAt, i18n.language) }) : t('telegram.linked')}
      </p>
      <p className="muted small">{t('telegram.linkedNote')}</p>
      <button type="button" className="btn btn-outline" disabled={unlink.isPending} onClick={() => void ask()} data-testid="telegram-unlink">
        {t('telegram.unlink')}
      </button>
      {dialog}
    </div>
  )
}
