/// <reference types="vitest/config" />
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The Rust server (or e2e/mock-server.mjs via API_TARGET). The Host header is passed through
// unchanged (changeOrigin: false) so the server's same-origin check sees Origin == Host.
const server = process.env.API_TARGET ?? 'http://127.0.0.1:8080'

// https://vite.dev/config/
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/demo': { target: server, changeOrigin: false },
      '/socket.io': { target: server, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // React in a chunk of its own: it changes less often than the app, and the entry chunk
        // stays under the 500 kB warning. (socket.io-client is loaded lazily by lib/realtime.ts.)
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test-setup.ts'],
    // The stylesheet's text is read by styles.test.ts (`?raw`), which needs Vitest to load it.
    css: { include: [/styles\.css/] },
  },
})
