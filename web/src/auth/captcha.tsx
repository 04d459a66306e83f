import { CAPTCHA_RECHECK_MS } from '@neura/contract';
import { useEffect, useRef, useState } from 'react';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';

interface Grecaptcha {
  render: (
    el: HTMLElement,
    options: { sitekey: string; theme: 'dark'; callback: (t: string) => void; 'expired-callback': () => void },
  ) => number;
  reset: (id?: number) => void;
}
const grecaptcha = () => (window as Window & { grecaptcha?: Grecaptcha }).grecaptcha;
const SCRIPT_SRC = 'https://www.google.com/recaptcha/api.js?render=explicit';
/** Not ready after this long (a script that hangs, or loads but cannot reach Google): say so. */
export const CAPTCHA_LOAD_TIMEOUT_MS = 15_000;

/** The captcha script tag, added once; a failed one is replaced (Retry). */
function loadScript(onError: () => void): () => void {
  let script = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_SRC}"]`);
  if (script?.dataset.state === 'failed') {
    script.remove();
    script = null;
  }
  if (!script) {
    const added = document.createElement('script');
    added.src = SCRIPT_SRC;
    added.async = true;
    added.addEventListener('load', () => {
      added.dataset.state = 'loaded';
    });
    added.addEventListener('error', () => {
      added.dataset.state = 'failed';
    });
    document.head.appendChild(added);
    script = added;
  }
  const target = script;
  const failed = () => onError();
  target.addEventListener('error', failed);
  return () => target.removeEventListener('error', failed);
}

/**
 * The reCAPTCHA widget (dark). Not ready yet → rechecked every 1 s; the value becomes null on
 * expiry; when the value is cleared (a failed registration) the widget resets. A script that fails
 * to load (blocked) or is not ready in time is said plainly, with Retry.
 */
export function Captcha({
  siteKey,
  value,
  onChange,
}: {
  siteKey: string;
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const change = useRef(onChange);
  change.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` (Retry) loads the script again.
  useEffect(() => {
    const stopListening = loadScript(() => setFailed(true));
    const giveUp = setTimeout(() => setFailed(true), CAPTCHA_LOAD_TIMEOUT_MS);
    const tryRender = () => {
      const g = grecaptcha();
      if (!g?.render || !box.current || widget.current !== null) return widget.current !== null;
      widget.current = g.render(box.current, {
        sitekey: siteKey,
        theme: 'dark',
        callback: (t) => change.current(t),
        'expired-callback': () => change.current(null),
      });
      setReady(true);
      setFailed(false);
      return true;
    };
    const stop = () => {
      clearTimeout(giveUp);
      stopListening();
    };
    if (tryRender()) {
      stop();
      return;
    }
    const timer = setInterval(() => {
      if (!tryRender()) return;
      clearInterval(timer);
      stop();
    }, CAPTCHA_RECHECK_MS);
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [siteKey, attempt]);

  useEffect(() => {
    if (value === null && widget.current !== null) grecaptcha()?.reset(widget.current);
  }, [value]);

  return (
    <div className="flex min-h-20 justify-center">
      <div ref={box} />
      {ready ? null : failed ? (
        <div role="alert" className="flex flex-col items-center gap-2 text-center text-sm" data-testid="captcha-failed">
          <p className="text-muted">{appTexts.auth.captchaFailed}</p>
          <Button
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
            className="rounded-lg border border-border px-3 py-1.5 font-medium hover:bg-surface-3"
          >
            {appTexts.auth.captchaRetry}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">{appTexts.auth.captchaNotReady}</p>
      )}
    </div>
  );
}
