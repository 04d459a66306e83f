import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { storeLinksInOutdatedPage } from './pwa/vite-plugin-store-links';
import { serviceWorker } from './pwa/vite-plugin-sw';

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), serviceWorker(), storeLinksInOutdatedPage(loadEnv(mode, process.cwd(), 'VITE_'))],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
}));
