import { afterEach, describe, expect, it, vi } from 'vitest';
import { Reply } from './reply.js';

describe('Reply', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should go admitted → streaming ⇄ tool_running → complete', () => {
    const reply = new Reply('c', 'u', 'm');
    expect(reply.state).toBe('admitted');
    reply.streaming();
    expect(reply.state).toBe('streaming');
    reply.toolStarted();
    reply.toolStarted();
    expect(reply.state).toBe('tool_running');
    reply.toolEnded();
    expect(reply.state).toBe('tool_running');
    reply.toolEnded();
    expect(reply.state).toBe('streaming');
    reply.end('complete');
    expect(reply.state).toBe('complete');
  });

  it('should end once: a second end and a later stop change nothing', () => {
    const reply = new Reply('c', 'u', 'm');
    reply.end('failed');
    reply.end('complete');
    reply.stop('stop');
    expect(reply.state).toBe('failed');
    expect(reply.stopReason).toBeUndefined();
  });

  it('should keep the first stop reason and abort its signal', () => {
    const reply = new Reply('c', 'u', 'm');
    reply.stop('shutdown');
    reply.stop('stop');
    expect(reply.stopReason).toBe('shutdown');
    expect(reply.signal.aborted).toBe(true);
  });

  it('should clear its timers when it ends, and abort anything still listening', () => {
    vi.useFakeTimers();
    const reply = new Reply('c', 'u', 'm');
    const tick = vi.fn();
    reply.every(1000, tick);
    vi.advanceTimersByTime(2500);
    expect(tick).toHaveBeenCalledTimes(2);
    reply.end('stopped');
    vi.advanceTimersByTime(5000);
    expect(tick).toHaveBeenCalledTimes(2);
    expect(reply.signal.aborted).toBe(true);
  });
});
