//! Bid counts over time for the admin charts, split into people's bids and automatic bidders'
//! (bots') bids. Pure: the chart component (`components/bids-chart.tsx`) only draws the points.

/** One bar of a bids chart. `at` is the bucket's start (ms since the epoch). */
export interface BidPoint {
  at: number
  people: number
  bots: number
}

/** The server's per-minute counts (`bids` counts every bid, `botBids` the bots' among them), in order. */
export function minuteSeries(minutes: readonly { minute: string; bids: number; botBids: number }[]): BidPoint[] {
  return minutes
    .map((entry) => ({
      at: Date.parse(entry.minute),
      people: Math.max(0, entry.bids - entry.botBids),
      bots: Math.max(0, entry.botBids),
    }))
    .filter((point) => !Number.isNaN(point.at))
    .sort((a, b) => a.at - b.at)
}

export const LIFE_BUCKETS = 20

/**
 * Bids over an auction's life: the span from the first to the last bid cut into up to `buckets`
 * equal slices, each with its count of people's and bots' bids (the last bid falls in the last
 * slice). Fewer slices than `buckets` when the span is short: a slice is at least one second.
 */
export function lifeSeries(bids: readonly { createdAt: string; isBot: boolean }[], buckets = LIFE_BUCKETS): BidPoint[] {
  const times = bids.map((bid) => ({ at: Date.parse(bid.createdAt), isBot: bid.isBot })).filter((bid) => !Number.isNaN(bid.at))
  if (times.length === 0) return []
  const first = Math.min(...times.map((bid) => bid.at))
  const last = Math.max(...times.map((bid) => bid.at))
  const span = last - first
  const count = Math.max(1, Math.min(buckets, Math.ceil(span / 1000)))
  const width = span / count || 1
  const points: BidPoint[] = Array.from({ length: count }, (_, index) => ({ at: Math.round(first + index * width), people: 0, bots: 0 }))
  for (const bid of times) {
    const index = Math.min(count - 1, Math.floor((bid.at - first) / width))
    if (bid.isBot) points[index].bots += 1
    else points[index].people += 1
  }
  return points
}

/** Sums of a series. */
export function seriesTotals(points: readonly BidPoint[]): { people: number; bots: number } {
  return points.reduce((sum, point) => ({ people: sum.people + point.people, bots: sum.bots + point.bots }), { people: 0, bots: 0 })
}
