import { useEffect, useRef } from 'react';
import { useAppStore } from '../store/app-store';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { Markdown } from '../ui/lazy-markdown';
import { closeHelp, helpBack, openHelpDoc } from './help-actions';
import { HelpFeedback } from './help-feedback';
import { canGoBack } from './help-history';

/**
 * The help flyout (SPEC.md §2, §4): back and close, the document (a spinner while it loads), and
 * the feedback prompt except on the index. Links like `#DocChats` inside a document open that document.
 */
export default function HelpFlyout() {
  const doc = useAppStore((s) => s.activeHelpDoc);
  const history = useAppStore((s) => s.helpDocHistory);
  const panel = useRef<HTMLElement>(null);

  // Focus moves into the panel when it opens and back to where it was (the help button) on close.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    return () => previous?.focus?.();
  }, []);

  // After in-article navigation the link that had focus is gone (focus fell to the page): it comes
  // back to the panel, and Escape closes the flyout while focus is in it or nowhere in particular.
  const docName = doc && doc !== 'isLoading' ? doc.name : null;
  useEffect(() => {
    const el = panel.current;
    if (!docName || !el) return;
    if (!el.contains(document.activeElement)) el.focus();
  }, [docName]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const active = document.activeElement;
      if (active === null || active === document.body || panel.current?.contains(active)) closeHelp();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (doc === null) return null;
  const loading = doc === 'isLoading';

  const onClickCapture = (event: React.MouseEvent) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href') ?? '';
    if (href.startsWith('#Doc')) {
      event.preventDefault();
      panel.current?.focus();
      void openHelpDoc(href.slice(1));
    }
  };

  return (
    <aside
      ref={panel}
      tabIndex={-1}
      aria-labelledby="help-title"
      data-testid="help-flyout"
      className="help-flyout fixed inset-y-0 end-0 z-40 flex w-full max-w-md flex-col border-s border-border bg-surface-2 shadow-2xl outline-none"
    >
      <div className="flex h-14 items-center gap-2 border-b border-border px-2">
        <Button
          onClick={() => void helpBack()}
          disabled={!canGoBack(history)}
          aria-label={texts.help.back}
          className="flex h-10 w-10 items-center justify-center rounded-full text-2xl hover:bg-surface-3 disabled:opacity-40"
        >
          <span aria-hidden="true">‹</span>
        </Button>
        <h2 id="help-title" className="flex-1 text-center text-lg font-semibold">
          {texts.help.title}
        </h2>
        <Button
          onClick={closeHelp}
          aria-label={texts.help.close}
          className="flex h-10 w-10 items-center justify-center rounded-full text-2xl hover:bg-surface-3"
        >
          <span aria-hidden="true">×</span>
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-4" onClickCapture={onClickCapture}>
        {loading ? (
          <div role="status" aria-label={texts.help.loading} className="flex justify-center p-8">
            <span className="spinner" aria-hidden="true" />
          </div>
        ) : (
          <article data-doc={doc.name} className="help-doc">
            <Markdown>{doc.markdown ?? ''}</Markdown>
          </article>
        )}
      </div>
      {!loading && doc.name !== 'DocIndex' ? (
        <div className="border-t border-border p-4">
          <HelpFeedback key={doc.name} docName={doc.name} />
        </div>
      ) : null}
    </aside>
  );
}
