import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { initLanguage } from './lib/i18n'
import './styles/tokens.css'
import './styles/base.css'
import './components/icon.css'
import { App } from './app/app'
import { preloadPage } from './app/router'
import { startApp } from './app/startup'

startApp()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const mount = root
// The texts and the first page's chunk, then the first render (index.html shows the header's
// place until then). A transition, so that React renders in slices and a slow phone's main thread
// is not blocked for the whole first render.
void Promise.allSettled([initLanguage(), preloadPage(window.location.pathname)]).finally(() => {
  const app = createRoot(mount)
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  })
})
