import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

// --color-primary and --color-canvas in src/styles.css: the install splash and the phone's status bar match the app.
const PRIMARY = '#2563eb';
const CANVAS = '#f8fafc';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // A new release waits until the user presses Reload: a technician mid-visit never loses a form to an update.
      registerType: 'prompt',
      // src/app/service-worker.ts registers it (production builds only) and drives the update prompt.
      injectRegister: false,
      strategies: 'generateSW',
      includeAssets: ['icons/apple-touch-icon-180.png'],
      manifest: {
        name: 'Fieldwork',
        short_name: 'Fieldwork',
        description: 'Field-service work orders: your visits for the day, on site.',
        // Field users open the app to their day's visits.
        start_url: '/workorder/my-day',
        scope: '/',
        display: 'standalone',
        theme_color: PRIMARY,
        background_color: CANVAS,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and every built asset, so the app opens with no signal.
        globPatterns: ['**/*.{js,css,html,png,svg,ico,woff,woff2,webmanifest}'],
        navigateFallback: 'index.html',
        // Server answers are never the shell: the API (and its docs) and the metrics scrape always go to the network.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/metrics(\/|$|\?)/],
        // API data is not cached here: offline data lives in IndexedDB, where the app can tell stale from fresh.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // Libraries every page runs on (React, the router, the query cache) change less often than our code: their
        // own chunks stay cached across releases. Other libraries travel with the pages that use them, so the
        // sign-in page and the dashboard load no form, menu or table code they do not draw.
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/@tanstack\/(react-router|router-core|history|react-store|store|react-query|query-core)\//.test(id)) return 'tanstack';
          // Only the dashboard draws charts: recharts and its dependencies stay off every other page.
          if (/recharts|d3-|victory-vendor|redux|immer|reselect|es-toolkit|decimal\.js/.test(id)) return 'charts';
          return undefined;
        },
      },
    },
  },
});
