import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API at /app/ (docs/decisions/001-one-origin.md); the dev server proxies the API.
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    chunkSizeWarningLimit: 900,
  },
});
