import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
