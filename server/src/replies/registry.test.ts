import { describe, expect, it } from 'vitest';
import { ReplyRegistry } from './registry.js';
import { Reply } from './reply.js';

describe('ReplyRegistry', () => {
  it('should honour a Stop that arrives while the send is still being set up', () => {
    const registry = new ReplyRegistry();
    registry.reserve('chat', 'busy');
    expect(registry.stop('chat', 'stop')).toBe(true);
    const reply = new Reply('chat', 'user', 'message');
    registry.register(reply);
    expect(reply.signal.aborted).toBe(true);
    expect(reply.stopReason).toBe('stop');
  });

  it('should refuse a second send in a chat that is being set up or streaming', () => {
    const registry = new ReplyRegistry();
    registry.reserve('chat', 'busy');
    expect(() => registry.reserve('chat', 'busy')).toThrow('busy');
    registry.register(new Reply('chat', 'user', 'message'));
    expect(() => registry.reserve('chat', 'busy')).toThrow('busy');
  });

  it('should not let unreserve free a chat whose reply is live', () => {
    const registry = new ReplyRegistry();
    registry.reserve('chat', 'busy');
    const reply = new Reply('chat', 'user', 'message');
    registry.register(reply);
    registry.unreserve('chat');
    expect(registry.live('chat')).toBe(reply);
    registry.release(reply);
    expect(registry.has('chat')).toBe(false);
  });

  it('should answer false to a stop in a chat with nothing here, and stop every reply and setup on shutdown', () => {
    const registry = new ReplyRegistry();
    expect(registry.stop('nothing', 'stop')).toBe(false);
    registry.reserve('a', 'busy');
    registry.reserve('b', 'busy');
    const b = new Reply('b', 'user', 'mb');
    registry.register(b);
    registry.stopAll('shutdown');
    expect(b.stopReason).toBe('shutdown');
    const a = new Reply('a', 'user', 'ma');
    registry.register(a);
    expect(a.stopReason).toBe('shutdown');
  });

  it('should hold a group round’s chat between its replies, and end the round on a Stop', () => {
    const registry = new ReplyRegistry();
    const hold = registry.reserveRound('chat', 'busy');
    const first = new Reply('chat', 'user', 'one');
    registry.register(first);
    registry.release(first);
    // Between two replies of the round: still held, nothing else starts.
    expect(() => registry.reserve('chat', 'busy')).toThrow('busy');
    expect(() => registry.reserveRound('chat', 'busy')).toThrow('busy');
    registry.unreserve('chat');
    expect(registry.has('chat')).toBe(true);
    const second = new Reply('chat', 'user', 'two');
    registry.register(second);
    expect(registry.stop('chat', 'stop')).toBe(true);
    expect(second.stopReason).toBe('stop');
    expect(hold.stop).toBe('stop');
    registry.release(second);
    registry.endRound('chat');
    expect(registry.has('chat')).toBe(false);
    expect(registry.holdOf('chat')).toBeUndefined();
  });
});
