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
  build: { outDir: 'dist', emptyOutDir: true },
});
