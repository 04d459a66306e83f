import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input';

function Harness({
  onComplete,
  clearOnComplete = false,
}: {
  onComplete: (c: string) => void;
  clearOnComplete?: boolean;
}) {
  const [digits, setDigits] = useState(['', '', '', '']);
  return (
    <CodeInput
      value={digits}
      onChange={setDigits}
      onComplete={(code) => {
        onComplete(code);
        if (clearOnComplete) setDigits(['', '', '', '']);
      }}
    />
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('CodeInput', () => {
  it('should advance on each digit and submit on the 4th', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const [a, b, c, d] = boxes() as [HTMLInputElement, HTMLInputElement, HTMLInputElement, HTMLInputElement];
    a.focus();
    fireEvent.change(a, { target: { value: '0' } });
    expect(document.activeElement).toBe(b);
    fireEvent.change(b, { target: { value: '4' } });
    expect(document.activeElement).toBe(c);
    fireEvent.change(c, { target: { value: '2' } });
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(d, { target: { value: '7' } });
    expect(onComplete).toHaveBeenCalledOnce();
    expect(onComplete).toHaveBeenCalledWith('0427');
  });

  it('should not advance or store a non-digit', () => {
    render(<Harness onComplete={vi.fn()} />);
    const [a] = boxes() as [HTMLInputElement];
    a.focus();
    fireEvent.change(a, { target: { value: 'x' } });
    expect(a.value).toBe('');
    expect(document.activeElement).toBe(a);
  });

  it('should move back one box on backspace in an empty box', () => {
    render(<Harness onComplete={vi.fn()} />);
    const [a, b, c] = boxes() as [HTMLInputElement, HTMLInputElement, HTMLInputElement];
    a.focus();
    fireEvent.change(a, { target: { value: '1' } });
    fireEvent.change(b, { target: { value: '2' } });
    expect(document.activeElement).toBe(c);
    fireEvent.keyDown(c, { key: 'Backspace' });
    expect(document.activeElement).toBe(b);
    expect(b.value).toBe('2'); // a non-empty box is not skipped: backspace there deletes normally
  });

  it('should fill every box and submit when a full code is pasted', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const [a] = boxes() as [HTMLInputElement];
    fireEvent.paste(a, { clipboardData: { getData: () => ' 9 3 1 5 ' } });
    expect(boxes().map((el) => el.value)).toEqual(['9', '3', '1', '5']);
    expect(onComplete).toHaveBeenCalledWith('9315');
  });

  it('should ignore a pasted text that is not digits', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(boxes()[0] as HTMLInputElement, { clipboardData: { getData: () => 'abcd' } });
    expect(boxes().map((el) => el.value)).toEqual(['', '', '', '']);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('should clear and refocus the first box when the parent clears the digits', () => {
    render(<Harness onComplete={vi.fn()} clearOnComplete />);
    const all = boxes();
    (all[0] as HTMLInputElement).focus();
    '1234'.split('').forEach((digit, i) => {
      fireEvent.change(all[i] as HTMLInputElement, { target: { value: digit } });
    });
    expect(boxes().map((el) => el.value)).toEqual(['', '', '', '']);
    expect(document.activeElement).toBe(boxes()[0]);
  });
});
