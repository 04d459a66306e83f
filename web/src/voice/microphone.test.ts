import { describe, expect, it } from 'vitest';
import { micProblem } from './microphone';

describe('micProblem', () => {
  it('should explain a refused permission as denied', () => {
    expect(micProblem(new DOMException('Permission denied', 'NotAllowedError'))).toBe('denied');
    expect(micProblem(new DOMException('insecure', 'SecurityError'))).toBe('denied');
  });

  it('should explain a missing device as no microphone', () => {
    expect(micProblem(new DOMException('Requested device not found', 'NotFoundError'))).toBe('no-microphone');
    expect(micProblem(new DOMException('no match', 'OverconstrainedError'))).toBe('no-microphone');
  });

  it('should explain a device held by another app as busy, anything else as failed', () => {
    expect(micProblem(new DOMException('Could not start audio source', 'NotReadableError'))).toBe('busy');
    expect(micProblem(new Error('odd'))).toBe('failed');
  });
});
