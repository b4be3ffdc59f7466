import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web; the API (src/server) serves the build from WEB_DIST_DIR.
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: process.env.WEB_DIST_DIR ? process.env.WEB_DIST_DIR : '../../dist/web',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
});
