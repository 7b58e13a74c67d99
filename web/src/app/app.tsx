import { Provider as JotaiProvider } from 'jotai'
import { Provider as ToastProvider } from '@radix-ui/react-toast'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router'
import { queryClient } from '../lib/query-client'
import { appStore } from '../lib/store'
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../lib/toast'
import { router } from './router'

export function App() {
  return (
    <JotaiProvider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </JotaiProvider>
  )
}
