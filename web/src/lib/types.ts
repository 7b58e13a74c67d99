//! Shapes of the server's JSON, as docs/api.md defines them. All camelCase; money is a number
//! with 2 decimals (som); times are RFC 3339 strings in UTC.

export type Language = 'ru' | 'en' | 'ka' | 'ky'
export type Gender = 'male' | 'female' | 'other'
export type Role = 'user' | 'admin'

export interface User {
  id: number
  username: string
  firstName: string | null
  lastName: string | null
  email: string | null
  phone: string | null
  dateOfBirth: string | null
  gender: Gender | null
  bidBalance: number
  role: Role
  ipAddress?: string | null
  totalBids: number
  wonAuctions: number
  totalSpent: number
  createdAt: string
}

export interface Settings {
  currency: string
  currencySymbol: string
  siteName: string
  language: Language
  headerTagline: string
  footerDescription: string
  contactAddress: string
  contactPhone: string
  contactEmail: string
}

export type AdminSettings = Settings & { updatedAt?: string }

export type AuctionStatus = 'upcoming' | 'live' | 'finished'

export interface AuctionWinner {
  username: string
  firstName: string | null
  lastName: string | null
  role: Role
}

export interface Auction {
  id: number
  displayId: string
  slug: string
  title: string
  description: string | null
  imageUrl: string | null
  retailPrice: number
  currentPrice: number
  startingPrice: number
  bidIncrement: number
  startTime: string
  endTime: string | null
  endsAt: string | null
  serverTime: string
  status: AuctionStatus
  isBidPackage: boolean
  bidPackageBids: number | null
  prebidsCount: number
  category: string | null
  condition: string | null
  estimatedValue: number | null
  totalBids: number
  lastBidder: string | null
  participants: number
  viewers: number
  createdAt: string
  winner: AuctionWinner | null
  winningBid: { amount: number; createdAt: string } | null
}

export interface AuctionList {
  live: Auction[]
  upcoming: Auction[]
  finished: Auction[]
}

export interface AuctionBid {
  id: number
  amount: number
  isBot: boolean
  botName: string | null
  isPrebid: boolean
  user: { id: number; username: string } | null
  createdAt: string
}

export interface Availability {
  valid: boolean
  message: string
}

export interface UserStats {
  activeBids: number
  activePrebids: number
  wonAuctions: number
  totalSpent: number
}

export interface WonAuction {
  id: number
  title: string
  imageUrl: string | null
  slug: string
  wonAt: string
  finalPrice: number
}

export interface RecentBid {
  id: number
  auctionId: number | string
  amount: number
  createdAt: string
}

/** The auction as the user's bid and pre-bid lists carry it. */
export interface AuctionRef {
  id: number
  title: string
  status: AuctionStatus
  slug?: string
}

/** The user's position with a bid (spec section 3): leading or outbid while live, won or lost after. */
export type BidStatus = 'winning' | 'outbid' | 'won' | 'lost'

export interface UserBid {
  id: number
  amount: number
  isBot?: boolean
  botName?: string | null
  createdAt: string
  bidStatus?: BidStatus
  auction?: AuctionRef | null
  auctionId?: number
}

export interface UserPrebid {
  id: number
  createdAt: string
  auction?: AuctionRef | null
  auctionId?: number
}
