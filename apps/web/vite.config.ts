import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      // ws: true so the realtime socket under /gateway/admin/ws/info is forwarded too.
      '/gateway': { target: API, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: what each route downloads, read by scripts/bundle-budget.ts.
    manifest: true,
  },
});
