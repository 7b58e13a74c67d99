//! The panels an auction's page shows that other features own (auto-bidding, Buy It Now). Features
//! never import each other (STYLE.md, `import-rules.test.ts`), so the app shell hands them to the
//! auctions feature through this context (`app/auction-panels.ts`); without it (a test rendering a
//! page alone) the page shows neither.
import { createContext, useContext, type ComponentType } from 'react'
import type { Auction, Bid } from '../lib/api-types'

export interface AuctionPanels {
  /** The auto-bidder's card on a live or upcoming auction, for a signed-in user. */
  Autobid: ComponentType<{ auction: Auction; bids: Bid[] }> | null
  /** Buy It Now on a finished auction the user did not win. */
  BuyNow: ComponentType<{ auction: Auction }> | null
}

export const AuctionPanelsContext = createContext<AuctionPanels>({ Autobid: null, BuyNow: null })

export function useAuctionPanels(): AuctionPanels {
  return useContext(AuctionPanelsContext)
}
