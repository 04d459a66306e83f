import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startFirstChunks } from './app/first-chunks';
import { AppRouter } from './app/router';
import { openAuthGateAtStart } from './app/use-auth-gate';
import { setTitleAtStart } from './app/use-navigation-effects';
import { LocaleRoot } from './i18n/locale-root';
import { startI18n } from './i18n/start';
import { endFirstPaint, takePageCatalog } from './personas/first-paint';
import { listenForInstallPrompt } from './pwa/install-prompt';
import { registerServiceWorker } from './pwa/register-sw';
import './styles.css';

// Before the first render: the browser's install offer comes once, early, whichever page is open.
listenForInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A visitor arriving on the sign-in entry is offered sign-in: the modal is open from the first render.
openAuthGateAtStart(window.location.pathname);

// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser paint the app-shell placeholder in between, instead of one long task (Lighthouse's TBT
// on a mid-range phone).
// In the visitor's language from the first screen (issue #43): its catalog (only when not en-US) first.
// The catalog the page came with (server/src/web/first-paint.ts) goes in once the locale is known,
// so Explore's first render has its cards; the server's first paint stays over the app until then
// (or, should the app never get there, for 10 s at most).
// The first page's lazy chunks are asked for before it, each in a task of its own (app/first-chunks.ts).
void startI18n().then(async () => {
  takePageCatalog();
  setTitleAtStart(window.location.pathname);
  await startFirstChunks(window.location.pathname);
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <LocaleRoot>
          <AppRouter />
        </LocaleRoot>
      </StrictMode>,
    );
  });
});
setTimeout(() => endFirstPaint(), 10_000);

registerServiceWorker();
