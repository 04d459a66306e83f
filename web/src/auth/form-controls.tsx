import type { InputHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppStore } from '../store/app-store';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';

/** Small building blocks shared by the auth pages. */

export function TextField({ label, className, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-muted">{label}</span>
      <input
        {...input}
        className={`rounded-xl border border-border bg-surface-3 px-3 py-2.5 text-base text-fg placeholder:text-muted/60 focus:border-accent ${className ?? ''}`}
      />
    </label>
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
      {texts.auth.termsPrefix}{' '}
      <Link to="/terms" onClick={() => close(null)} className="text-accent-text hover:underline">
        {texts.auth.termsLink}
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
