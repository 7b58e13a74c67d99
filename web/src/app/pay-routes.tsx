//! The payment pages (/pay/*): the QR payment page of an order (`/pay/:orderId`, a QR order's
//! `paymentUrl`) and the demo card provider's page (`/pay/demo/:orderId`). The router loads this
//! module on the first visit to /pay, and each page is a chunk of its own in turn, so a visitor's
//! first load carries one import for both instead of one per page (the bundle budget,
//! scripts/budget.mjs). The QR code's library loads with the QR page's code only.
import { Route, Routes } from 'react-router'
import { page } from './lazy-page'

const QrPayPage = page(() => import('../features/qr-pay/qr-pay-page'), 'QrPayPage')
const DemoPayPage = page(() => import('../features/demo-pay/demo-pay-page'), 'DemoPayPage')
const NotFoundPage = page(() => import('./not-found-page'), 'NotFoundPage')

export function PayRoutes() {
  return (
    <Routes>
      <Route path="demo/:orderId" element={<DemoPayPage />} />
      <Route path=":orderId" element={<QrPayPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
