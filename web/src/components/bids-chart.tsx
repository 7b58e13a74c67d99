//! A stacked bar chart of bids over time: people's bids and automatic bidders' (bots') bids in
//! two colours (bots also hatched, so the difference does not rest on colour alone). Only the
//! admin pages use it, so recharts loads with their chunks.
import { useId } from 'react'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useTranslation } from 'react-i18next'
import type { BidPoint } from '../lib/bid-series'
import { seriesTotals } from '../lib/bid-series'
import { localeOf } from '../lib/format'
import './bids-chart.css'

// SVG attributes take plain colours: the accent and bot tokens of styles/tokens.css.
const PEOPLE_COLOUR = '#e8590c'
const BOT_COLOUR = '#5f3dc4'
const BOT_STRIPE = '#d0bfff'
const GRID_COLOUR = '#eee5dc'

interface Props {
  points: readonly BidPoint[]
  /** How a bar's time reads: `time` (14:05) or `dateTime` (22.11, 14:05:30). */
  labels: 'time' | 'dateTime'
  height?: number
  testId?: string
}

export function BidsChart({ points, labels, height = 220, testId = 'bids-chart' }: Props) {
  const { t, i18n } = useTranslation()
  const hatch = `bids-hatch-${useId().replace(/:/g, '')}`
  const format = new Intl.DateTimeFormat(
    localeOf(i18n.language),
    labels === 'time' ? { hour: '2-digit', minute: '2-digit' } : { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  )
  const data = points.map((point) => ({ ...point, label: format.format(point.at) }))
  const totals = seriesTotals(points)
  const people = t('charts.people')
  const bots = t('charts.bots')
  return (
    <figure className="bids-chart" data-testid={testId}>
      <div className="bids-chart-area" style={{ height }} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {/* Hidden from assistive technology (the caption says it in words): no keyboard layer either. */}
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }} accessibilityLayer={false}>
            <defs>
              <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="6" height="6" fill={BOT_COLOUR} />
                <line x1="0" y1="0" x2="0" y2="6" stroke={BOT_STRIPE} strokeWidth="3" />
              </pattern>
            </defs>
            <CartesianGrid strokeDasharray="3 3" stroke={GRID_COLOUR} vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
            <Tooltip cursor={{ fill: '#fff4e6' }} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="people" name={people} stackId="bids" fill={PEOPLE_COLOUR} isAnimationActive={false} />
            <Bar dataKey="bots" name={bots} stackId="bids" fill={`url(#${hatch})`} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="muted small" data-testid={`${testId}-caption`}>
        {t('charts.caption', { people: totals.people, bots: totals.bots })}
      </figcaption>
    </figure>
  )
}
