//! The home page's counters: live, upcoming, and finished today.
import { Calendar, Flag, Flame } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Auction } from '../../lib/api-types'
import { useServerNow } from '../../lib/clock'
import './home.css'

function sameLocalDay(iso: string | null, now: number): boolean {
  if (!iso) return false
  return new Date(iso).toDateString() === new Date(now).toDateString()
}

interface CountersProps {
  live: Auction[]
  upcoming: Auction[]
  finished: Auction[]
}

export function HomeCounters({ live, upcoming, finished }: CountersProps) {
  const { t } = useTranslation()
  const now = useServerNow()
  const counters = [
    { key: 'live', value: live.length, icon: Flame },
    { key: 'upcoming', value: upcoming.length, icon: Calendar },
    { key: 'finishedToday', value: finished.filter((auction) => sameLocalDay(auction.endTime, now)).length, icon: Flag },
  ]
  return (
    <ul className="counters" data-testid="home-counters">
      {counters.map((counter) => (
        <li key={counter.key} className="card counter">
          <span className="counter-icon">
            <counter.icon aria-hidden="true" />
          </span>
          <strong>{counter.value}</strong>
          <span className="muted small">{t(`home.counters.${counter.key}`)}</span>
        </li>
      ))}
    </ul>
  )
}
