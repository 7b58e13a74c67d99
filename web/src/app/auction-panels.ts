//! The auction page's panels from other features (components/auction-panels.tsx), each loaded the
//! first time a page shows it, with the texts beyond the first screen's.
import { lazy } from 'react'
import type { AuctionPanels } from '../components/auction-panels'
import { withAllTexts } from '../lib/i18n'

export const AUCTION_PANELS: AuctionPanels = {
  Autobid: lazy(withAllTexts(() => import('../features/autobid/autobid-card').then((m) => ({ default: m.AutobidCard })))),
  BuyNow: lazy(withAllTexts(() => import('../features/buy-now/buy-now-card').then((m) => ({ default: m.BuyNowCard })))),
}
