import type { Persona } from '@neura/contract';
import { Suspense } from 'react';
import { ChatIntro } from '../chat/chat-intro';
import { appTexts } from '../texts/app-texts';
import { creatorTexts as t } from '../texts/creator';
import { Button } from '../ui/button';

/** The live preview: the persona's intro exactly as an empty chat shows it, and "Try it" once saved. */
export function PreviewPane({
  persona,
  saved,
  starting,
  onTry,
}: {
  persona: Persona;
  saved: boolean;
  starting: boolean;
  onTry: () => void;
}) {
  return (
    <section
      aria-labelledby="persona-preview-title"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3"
      data-testid="persona-preview"
    >
      <div className="flex items-center justify-between gap-2 px-1">
        <div>
          <h3 id="persona-preview-title" className="font-semibold">
            {t.preview.heading}
          </h3>
          <p className="text-xs text-muted">{t.preview.explain}</p>
        </div>
        <Button
          onClick={onTry}
          disabled={!saved || starting}
          variant="primary"
          size="sm"
          aria-describedby="persona-try-hint"
          data-testid="persona-try"
        >
          {starting ? appTexts.newChat.starting : t.preview.tryIt}
        </Button>
      </div>
      <p id="persona-try-hint" className="px-1 text-xs text-muted">
        {saved ? t.preview.tryHint : t.preview.saveFirst}
      </p>
      {/* the prompt chips are disabled here: a picture of the chat, not buttons of this page */}
      <div>
        <Suspense fallback={<p className="p-4 text-center text-muted">{t.builder.loading}</p>}>
          <ChatIntro persona={persona} onPick={() => undefined} disabled />
        </Suspense>
      </div>
    </section>
  );
}
