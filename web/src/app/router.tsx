//! Every route of spec section 2. The layout is eager; each page is its own lazy chunk.
import { createBrowserRouter } from 'react-router'
import { PageSpinner } from '../components/spinner'
import { RootLayout } from './root-layout'

export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, lazy: () => import('../features/auctions/home-page').then((m) => ({ Component: m.HomePage })) },
      { path: 'auctions', lazy: () => import('../features/auctions/auctions-page').then((m) => ({ Component: m.AuctionsPage })) },
      {
        path: 'auction/:slug',
        lazy: () => import('../features/auctions/auction-detail-page').then((m) => ({ Component: m.AuctionDetailPage })),
      },
      {
        path: 'how-it-works',
        lazy: () => import('../features/static-pages/how-it-works-page').then((m) => ({ Component: m.HowItWorksPage })),
      },
      { path: 'login', lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
      { path: 'profile', lazy: () => import('../features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })) },
      {
        path: 'bid-history',
        lazy: () => import('../features/bid-history/bid-history-page').then((m) => ({ Component: m.BidHistoryPage })),
      },
      {
        path: 'notifications',
        lazy: () => import('../features/notifications/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
      },
      { path: 'topup', lazy: () => import('../features/topup/topup-page').then((m) => ({ Component: m.TopupPage })) },
      {
        path: 'pay/demo/:orderId',
        lazy: () => import('../features/demo-pay/demo-pay-page').then((m) => ({ Component: m.DemoPayPage })),
      },
      { path: 'support', lazy: () => import('../features/static-pages/support-page').then((m) => ({ Component: m.SupportPage })) },
      {
        path: 'auction-rules',
        lazy: () => import('../features/static-pages/document-pages').then((m) => ({ Component: m.AuctionRulesPage })),
      },
      {
        path: 'privacy-policy',
        lazy: () => import('../features/static-pages/document-pages').then((m) => ({ Component: m.PrivacyPolicyPage })),
      },
      {
        path: 'terms-of-service',
        lazy: () => import('../features/static-pages/document-pages').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: 'welcome-preview',
        lazy: () => import('../features/onboarding/welcome-preview-page').then((m) => ({ Component: m.WelcomePreviewPage })),
      },
      {
        path: 'admin',
        lazy: () => import('./admin-guard').then((m) => ({ Component: m.AdminGuard })),
        children: [
          { index: true, lazy: () => import('../features/admin/admin-page').then((m) => ({ Component: m.AdminPage })) },
          { path: 'users', lazy: () => import('../features/admin-users/admin-users-page').then((m) => ({ Component: m.AdminUsersPage })) },
          {
            path: 'finished-auctions',
            lazy: () => import('../features/admin-finished/admin-finished-page').then((m) => ({ Component: m.AdminFinishedPage })),
          },
          {
            path: 'orders',
            lazy: () => import('../features/admin-orders/admin-orders-page').then((m) => ({ Component: m.AdminOrdersPage })),
          },
          {
            path: 'claims',
            lazy: () => import('../features/admin-claims/admin-claims-page').then((m) => ({ Component: m.AdminClaimsPage })),
          },
          {
            path: 'settings',
            lazy: () => import('../features/admin-settings/admin-settings-page').then((m) => ({ Component: m.AdminSettingsPage })),
          },
        ],
      },
      { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
])
