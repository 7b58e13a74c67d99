import './lib/zod-config'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { initLanguage } from './lib/i18n'
import './styles.css'
import { App } from './app/app'
import { startApp } from './app/startup'

startApp()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const mount = root
void initLanguage().finally(() => {
  createRoot(mount).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
