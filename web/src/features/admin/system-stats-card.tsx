//! The system statistics card: users, auctions by status, bids in the last hour (bots' among
//! them), this hour's phone codes against the SMS budget (an alert once requests are refused), and a
//! chart of bids per minute over that hour, people and bots told apart.
import { RefreshCw, TrendingUp } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { BidsChart } from '../../components/bids-chart'
import { Spinner } from '../../components/spinner'
import { messageOf } from '../../lib/api'
import { minuteSeries } from '../../lib/bid-series'
import { formatCount } from '../../lib/format'
import { adminStatsQuery } from '../../lib/queries'

export function SystemStatsCard() {
  const { t, i18n } = useTranslation()
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(adminStatsQuery())
  const tiles = data
    ? ([
        ['totalUsers', data.totalUsers],
        ['registeredToday', data.registeredToday],
        ['liveAuctions', data.liveAuctions],
        ['upcomingAuctions', data.upcomingAuctions],
        ['finishedAuctions', data.finishedAuctions],
        ['bidsLastHour', data.bidsLastHour],
        ['botBidsLastHour', data.botBidsLastHour],
      ] as const)
    : []
  return (
    <section className="card section-gap" data-testid="system-stats">
      <div className="card-head">
        <h2 className="card-title"><TrendingUp aria-hidden="true" /> {t('adminStats.title')}</h2>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void refetch()} disabled={isFetching} data-testid="stats-refresh">
          <RefreshCw aria-hidden="true" /> {t('adminStats.refresh')}
        </button>
      </div>
      {isPending && <Spinner />}
      {isError && <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>}
      {data && (
        <>
          <ul className="stat-grid stat-grid-compact">
            {tiles.map(([key, value]) => (
              <li key={key} className="stat-card" data-testid={`stat-${key}`}>
                <span className="muted small">{t(`adminStats.${key}`)}</span>
                <strong>{formatCount(value, i18n.language)}</strong>
              </li>
            ))}
            <li className="stat-card" data-testid="stat-smsCodes">
              <span className="muted small">{t('adminStats.smsCodes')}</span>
              <strong>
                {data.smsHourlyBudget > 0
                  ? t('adminStats.smsOfBudget', {
                      count: data.smsCodesThisHour,
                      spent: formatCount(data.smsCodesThisHour, i18n.language),
                      budget: formatCount(data.smsHourlyBudget, i18n.language),
                    })
                  : formatCount(data.smsCodesThisHour, i18n.language)}
              </strong>
            </li>
          </ul>
          {data.smsRefusedThisHour > 0 && (
            <p className="notice notice-error" role="alert" data-testid="sms-budget-spent">
              {t('adminStats.smsBudgetSpent', {
                count: data.smsRefusedThisHour,
                refused: formatCount(data.smsRefusedThisHour, i18n.language),
                setting: '[sms] hourly_budget',
              })}
            </p>
          )}
          <h3 className="card-subtitle">{t('adminStats.chartTitle')}</h3>
          <BidsChart points={minuteSeries(data.bidsPerMinute)} labels="time" testId="minute-chart" />
        </>
      )}
    </section>
  )
}
