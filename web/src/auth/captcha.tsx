import { CAPTCHA_RECHECK_MS } from '@neura/contract';
import { useEffect, useRef, useState } from 'react';
import { texts } from '../texts/texts';

interface Grecaptcha {
  render: (
    el: HTMLElement,
    options: { sitekey: string; theme: 'dark'; callback: (t: string) => void; 'expired-callback': () => void },
  ) => number;
  reset: (id?: number) => void;
}
const grecaptcha = () => (window as Window & { grecaptcha?: Grecaptcha }).grecaptcha;
const SCRIPT_SRC = 'https://www.google.com/recaptcha/api.js?render=explicit';

/**
 * The reCAPTCHA widget (dark). Not ready yet → rechecked every 1 s; the value becomes null on
 * expiry; when the value is cleared (a failed registration) the widget resets.
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
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    if (!document.querySelector(`script[src="${SCRIPT_SRC}"]`)) {
      const script = document.createElement('script');
      script.src = SCRIPT_SRC;
      script.async = true;
      document.head.appendChild(script);
    }
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
      return true;
    };
    if (tryRender()) return;
    const timer = setInterval(() => {
      if (tryRender()) clearInterval(timer);
    }, CAPTCHA_RECHECK_MS);
    return () => clearInterval(timer);
  }, [siteKey]);

  useEffect(() => {
    if (value === null && widget.current !== null) grecaptcha()?.reset(widget.current);
  }, [value]);

  return (
    <div className="flex min-h-20 justify-center">
      <div ref={box} />
      {ready ? null : <p className="text-sm text-muted">{texts.auth.captchaNotReady}</p>}
    </div>
  );
}
