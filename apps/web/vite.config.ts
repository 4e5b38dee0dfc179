import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser always calls a same-origin /api; in development and preview Vite forwards it to the API server,
// in production the API server serves the built app itself.
const apiProxy = {
  '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest (dist/.vite/manifest.json) maps each lazy route to its chunks, so bench/web-bundle.ts can tell
    // which JavaScript a route needs: every route module is a page.tsx, so chunk names alone do not say. The server
    // reads it too, to preload a dashboard's chunks with the page (apps/server/src/plugins/web-app.ts).
    manifest: true,
  },
});
