import { useState } from 'react';
import { errorMessage } from '../api/app-error';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { showToast } from '../ui/toast-store';
import { sendHelpFeedback } from './send-feedback';

type Step = 'ask' | 'comment' | 'thanks';

/**
 * "Was this helpful?" (SPEC.md §4). Yes sends at once and thanks; No asks how to do better with a
 * comment box and Send Feedback. Mount it with key={docName} so it resets when the document changes.
 */
export function HelpFeedback({ docName }: { docName: string }) {
  const [step, setStep] = useState<Step>('ask');
  const [sending, setSending] = useState(false);
  const [comment, setComment] = useState('');

  const send = async (message?: string) => {
    setSending(true);
    try {
      await sendHelpFeedback(docName, message);
      setStep('thanks');
    } catch (error) {
      showToast({ severity: 'error', message: errorMessage(error, texts.help.sendFailed) });
    } finally {
      setSending(false);
    }
  };

  if (step === 'thanks') {
    return (
      <p role="status" className="font-medium text-success">
        {texts.help.thanks}
      </p>
    );
  }

  if (step === 'comment') {
    return (
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send(comment);
        }}
      >
        <Field label={texts.help.sorry}>
          {(control) => (
            <textarea
              {...control}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              placeholder={texts.help.placeholder}
              rows={4}
              className="rounded-lg border border-border bg-surface p-2 text-fg placeholder:text-muted"
            />
          )}
        </Field>
        <Button type="submit" disabled={sending} variant="primary" className="self-end">
          {texts.help.send}
        </Button>
      </form>
    );
  }

  return (
    <div className="flex items-center gap-3">
      <p className="flex-1 font-medium">{texts.help.feedbackQuestion}</p>
      <Button
        disabled={sending}
        onClick={() => void send()}
        className="rounded-lg border border-border px-4 py-1.5 hover:bg-surface-3"
      >
        {texts.help.yes}
      </Button>
      <Button
        disabled={sending}
        onClick={() => setStep('comment')}
        className="rounded-lg border border-border px-4 py-1.5 hover:bg-surface-3"
      >
        {texts.help.no}
      </Button>
    </div>
  );
}
