import { VERIFY_CODE_LENGTH } from '@neura/contract';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { appTexts } from '../texts/app-texts';

interface CodeInputProps {
  /** Four single digits ('' for an empty box). */
  value: string[];
  onChange: (digits: string[]) => void;
  /** Called once the last digit is entered or a full code is pasted. */
  onComplete: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The 4-digit code entry of SPEC.md §4: only digits advance, backspace on an empty box moves back
 * one box, a full code pasted or the 4th digit typed submits; clearing the value refocuses box 1.
 */
export function CodeInput({ value, onChange, onComplete, disabled, autoFocus }: CodeInputProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const empty = value.every((d) => d === '');

  useEffect(() => {
    if (!empty) return;
    const inside = refs.current.some((el) => el && el === document.activeElement);
    if (inside || autoFocus) refs.current[0]?.focus();
  }, [empty, autoFocus]);

  const update = (digits: string[]) => {
    onChange(digits);
    if (digits.every((d) => /^\d$/.test(d))) onComplete(digits.join(''));
  };

  const handleInput = (index: number, raw: string) => {
    if (raw === '') {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    const char = raw.slice(-1);
    if (!/^\d$/.test(char)) return; // only digits advance (the box keeps its old value)
    const next = [...value];
    next[index] = char;
    if (index < VERIFY_CODE_LENGTH - 1) refs.current[index + 1]?.focus();
    update(next);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      refs.current[index - 1]?.focus();
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData('text').replace(/\s+/g, '');
    event.preventDefault();
    if (!/^\d+$/.test(digits)) return;
    const next = [...value];
    const start = digits.length >= VERIFY_CODE_LENGTH ? 0 : index;
    for (let i = 0; i < digits.length && start + i < VERIFY_CODE_LENGTH; i++) next[start + i] = digits[i] as string;
    refs.current[Math.min(start + digits.length, VERIFY_CODE_LENGTH - 1)]?.focus();
    update(next);
  };

  return (
    <fieldset className="flex justify-center gap-3" aria-label={appTexts.auth.codeLabel} disabled={disabled}>
      {value.map((digit, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the four boxes are fixed positions
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          value={digit}
          onChange={(e) => handleInput(i, e.target.value)}
          onKeyDown={(e) => handleKeyDown(i, e)}
          onPaste={(e) => handlePaste(i, e)}
          onFocus={(e) => e.target.select()}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={appTexts.auth.codeDigit(i + 1)}
          className="h-14 w-12 rounded-xl border border-border bg-surface-3 text-center text-2xl font-semibold text-fg focus:border-accent"
        />
      ))}
    </fieldset>
  );
}
