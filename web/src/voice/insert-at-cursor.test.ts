import { describe, expect, it } from 'vitest';
import { insertAtCursor } from './insert-at-cursor';

describe('insertAtCursor', () => {
  it('should fill an empty box', () => {
    expect(insertAtCursor('', 'hello world', 0, 0)).toEqual({ value: 'hello world', caret: 11 });
  });

  it('should add a space after existing text at the end', () => {
    expect(insertAtCursor('Note:', 'buy milk', 5, 5)).toEqual({ value: 'Note: buy milk', caret: 14 });
  });

  it('should insert in the middle with spaces on both sides', () => {
    expect(insertAtCursor('I want coffee', 'a large', 6, 6)).toEqual({ value: 'I want a large coffee', caret: 14 });
  });

  it('should replace the selection', () => {
    expect(insertAtCursor('say hi there', 'hello', 4, 6)).toEqual({ value: 'say hello there', caret: 9 });
  });

  it('should append when the cursor position is unknown', () => {
    expect(insertAtCursor('first', 'second', null, null)).toEqual({ value: 'first second', caret: 12 });
  });
});
