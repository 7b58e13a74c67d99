import { Provider as JotaiProvider } from 'jotai'
import { QueryClientProvider } from '@tanstack/react-query'
import { AuctionPanelsContext } from '../components/auction-panels'
import { queryClient } from '../lib/query-client'
import { appStore } from '../lib/store'
import { AUCTION_PANELS } from './auction-panels'
import { AppRouter } from './router'
import './focus.css'

export function App() {
  return (
    <JotaiProvider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <AuctionPanelsContext.Provider value={AUCTION_PANELS}>
          <AppRouter />
        </AuctionPanelsContext.Provider>
      </QueryClientProvider>
    </JotaiProvider>
  )
}
