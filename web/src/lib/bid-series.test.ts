import { describe, expect, it } from 'vitest'
import { lifeSeries, minuteSeries, seriesTotals } from './bid-series'

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, 0) + seconds * 1000).toISOString()

describe('minute series', () => {
  it('splits each minute into people and bots, oldest first', () => {
    const points = minuteSeries([
      { minute: at(60), bids: 5, botBids: 2 },
      { minute: at(0), bids: 0, botBids: 0 },
    ])
    expect(points).toEqual([
      { at: Date.parse(at(0)), people: 0, bots: 0 },
      { at: Date.parse(at(60)), people: 3, bots: 2 },
    ])
  })

  it('never counts below zero', () => {
    expect(minuteSeries([{ minute: at(0), bids: 1, botBids: 3 }])[0]).toMatchObject({ people: 0, bots: 3 })
  })
})

describe('life series', () => {
  it('is empty without bids', () => {
    expect(lifeSeries([])).toEqual([])
  })

  it('puts a single bid (or bids at one instant) into one slice', () => {
    expect(lifeSeries([{ createdAt: at(5), isBot: true }])).toEqual([{ at: Date.parse(at(5)), people: 0, bots: 1 }])
  })

  it('cuts the span into equal slices, the last bid in the last one', () => {
    const bids = [
      { createdAt: at(0), isBot: false },
      { createdAt: at(10), isBot: true },
      { createdAt: at(39), isBot: false },
      { createdAt: at(40), isBot: true },
    ]
    const points = lifeSeries(bids, 4)
    expect(points.map((point) => point.at - Date.parse(at(0)))).toEqual([0, 10_000, 20_000, 30_000])
    expect(points.map((point) => [point.people, point.bots])).toEqual([
      [1, 0],
      [0, 1],
      [0, 0],
      [1, 1],
    ])
  })

  it('uses no more slices than seconds in the span', () => {
    expect(lifeSeries([{ createdAt: at(0), isBot: false }, { createdAt: at(3), isBot: false }], 20)).toHaveLength(3)
  })

  it('keeps every bid', () => {
    const bids = Array.from({ length: 57 }, (_, index) => ({ createdAt: at(index * 7), isBot: index % 3 === 0 }))
    expect(seriesTotals(lifeSeries(bids))).toEqual({ people: 38, bots: 19 })
  })
})
