//! Shared test data in the generated contract's shapes: a live auction, a lobby update, a user.
import type { Auction, LobbyUpdate, User } from './api-types'

export const iso = (ms: number) => new Date(ms).toISOString()

/** A live auction whose clock reads `now`: 10 s left, 50 bids, led by `aibek`. */
export function liveAuction(now: number, over: Partial<Auction> = {}): Auction {
  return {
    id: 1,
    displayId: 'TY/2026/00001',
    slug: 'lot-ty-2026-00001',
    title: 'Lot',
    description: '',
    imageUrl: null,
    retailPrice: 1000,
    currentPrice: 0.5,
    startingPrice: 0.01,
    bidIncrement: 0.01,
    startTime: iso(now - 60_000),
    endTime: null,
    endsAt: iso(now + 10_000),
    serverTime: iso(now),
    status: 'live',
    isBidPackage: false,
    bidPackageBids: null,
    prebidsCount: 0,
    category: null,
    condition: null,
    estimatedValue: null,
    kind: 'standard',
    winLimited: false,
    noNewBiddersAfter: null,
    buyNowStock: null,
    houseReserve: null,
    openingSecs: null,
    totalBids: 50,
    lastBidder: 'aibek',
    lastBidderIsBot: false,
    participants: 3,
    viewers: 1,
    createdAt: iso(now - 3_600_000),
    winner: null,
    winningBid: null,
    isPromoted: false,
    paused: null,
    honestNumbers: null,
    ...over,
  }
}

/** A lobby update for auction 1 at `now`: price 0.51 after 51 bids, led by `demo`, 15 s left. */
export function lobbyUpdate(now: number, over: Partial<LobbyUpdate> = {}): LobbyUpdate {
  return {
    type: 'lobby',
    auctionId: 1,
    status: 'live',
    currentPrice: 0.51,
    lastBidder: 'demo',
    lastBidderIsBot: false,
    endsAt: iso(now + 15_000),
    serverTime: iso(now),
    totalBids: 51,
    deleted: false,
    paused: null,
    ...over,
  }
}

/** A signed-in bidder as `GET /api/auth/me` answers it (5 bids, nothing won yet). */
export function testUser(now: number, over: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'demo',
    firstName: null,
    lastName: null,
    email: null,
    phone: null,
    dateOfBirth: null,
    gender: null,
    bidBalance: 5,
    role: 'user',
    ipAddress: null,
    totalBids: 0,
    wonAuctions: 0,
    totalSpent: 0,
    createdAt: iso(now),
    phoneVerified: true,
    phoneConfirmed: true,
    ...over,
  }
}
