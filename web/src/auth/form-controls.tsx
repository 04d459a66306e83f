import type { InputHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppStore } from '../store/app-store';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { borderFor, Field, inputClass } from '../ui/field';

/** Small building blocks shared by the auth pages. */

/** A labelled text input of an auth page (`ui/field.tsx`'s `Field`; the rest goes on the input). */
export function TextField({
  label,
  hint,
  error,
  className,
  id,
  ...input
}: { label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input {...input} {...control} className={`${inputClass} ${borderFor(error)} ${className ?? ''}`} />
      )}
    </Field>
  );
}

export function PrimaryButton({
  children,
  disabled,
  busy,
}: {
  children: ReactNode;
  disabled?: boolean;
  busy?: boolean;
}) {
  return (
    <Button type="submit" disabled={disabled} busy={busy} variant="primary" size="lg" className="w-full">
      {children}
    </Button>
  );
}

export function SecondaryButton({
  children,
  onClick,
  disabled,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      onClick={onClick}
      disabled={disabled}
      className="w-full rounded-xl border border-border px-4 py-3 font-medium text-fg hover:bg-surface-3 disabled:opacity-50"
    >
      {children}
    </Button>
  );
}

export function LinkButton({
  children,
  onClick,
  disabled,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      onClick={onClick}
      disabled={disabled}
      className="self-center text-sm font-medium text-accent-text hover:underline disabled:opacity-50"
    >
      {children}
    </Button>
  );
}

export function TermsNote() {
  const close = useAppStore((s) => s.setActiveModal);
  return (
    <p className="text-center text-xs text-muted">
      {appTexts.auth.termsPrefix}{' '}
      <Link to="/terms" onClick={() => close(null)} className="text-accent-text hover:underline">
        {appTexts.auth.termsLink}
      </Link>
      .
    </p>
  );
}

/** A page's form: prevents the native submit and calls onSubmit. */
export function AuthForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
