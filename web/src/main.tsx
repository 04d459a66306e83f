import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { LocaleRoot } from './i18n/locale-root';
import { startI18n } from './i18n/start';
import { listenForInstallPrompt } from './pwa/install-prompt';
import { registerServiceWorker } from './pwa/register-sw';
import './styles.css';

// Before the first render: the browser's install offer comes once, early, whichever page is open.
listenForInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser paint the app-shell placeholder in between, instead of one long task (Lighthouse's TBT
// on a mid-range phone).
// In the visitor's language from the first screen (issue #43): its catalog (only when not en-US) first.
void startI18n().then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <LocaleRoot>
          <AppRouter />
        </LocaleRoot>
      </StrictMode>,
    );
  }),
);

registerServiceWorker();
