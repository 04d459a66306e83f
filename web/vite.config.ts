import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { admobIds } from './pwa/vite-plugin-admob-ids';
import { firstChunks } from './pwa/vite-plugin-first-chunks';
import { storeLinksInOutdatedPage } from './pwa/vite-plugin-store-links';
import { serviceWorker } from './pwa/vite-plugin-sw';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  return {
    plugins: [
      react(),
      tailwindcss(),
      serviceWorker(),
      // The modules each first page loads lazily (`firstPageLoads` in src/app/pages.tsx, and the
      // signed-in shell's for a chat): the build
      // lists their chunk files in index.html for start-up to link a few per task (issue #50).
      firstChunks({
        home: ['src/explore/explore-page.tsx'],
        chat: [
          'src/ui/markdown.tsx',
          // Its parser, which it loads in two steps (ui/markdown.tsx `rendererReady`).
          'src/ui/render-markdown.ts',
          'src/ui/code-highlighter.ts',
          'src/chats/organise-ready.ts',
          'src/chat/documents-ready.ts',
          'src/chat/chat-page.tsx',
          // The signed-in shell's lazy parts (app/sidebar.tsx, app/header.tsx): a chat is always signed in.
          'src/chats/chats-runtime.tsx',
          'src/chats/sidebar-chat-list.tsx',
          'src/chats/chat-title.tsx',
          'src/auth/logout-button.tsx',
        ],
      }),
      storeLinksInOutdatedPage(env),
      admobIds(mode, env),
    ],
    server: {
      port: 5173,
      proxy: {
        '/api': 'http://localhost:3000',
        '/socket.io': { target: 'http://localhost:3000', ws: true },
      },
    },
    build: {
      outDir: 'dist',
      sourcemap: true,
      target: 'es2022',
      rolldownOptions: {
        output: {
          codeSplitting: {
            // The stores and the API client every route needs travel as one chunk instead of one per
            // module; lazy-only modules (messages, the TanStack Query client) stay with their pages.
            groups: [
              {
                name: 'core',
                test: /\/web\/src\/(store\/(?!messages|message-parts)[\w-]+|api\/(?!query-client|memory|call-session|socket-emitter|account-guards|session-open)[\w-]+|ui\/toast-store)\.ts$/,
              },
            ],
          },
        },
      },
    },
  };
});
