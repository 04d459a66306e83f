import { describe, expect, it } from 'vitest';
import { sessionIdOf } from './messages.js';

const head = (line: string) => Buffer.from(`${line}\r\nHost: x\r\n\r\n`);

describe('sessionIdOf', () => {
  it('should read the Engine.IO session id of a long-polling or upgrade request', () => {
    expect(sessionIdOf(head('GET /socket.io/?EIO=4&transport=polling&sid=ab-C_12 HTTP/1.1'))).toBe('ab-C_12');
    expect(sessionIdOf(head('POST /socket.io/?EIO=4&sid=xyz&transport=polling HTTP/1.1'))).toBe('xyz');
    expect(sessionIdOf(head('GET /socket.io/?EIO=4&transport=websocket&sid=xyz HTTP/1.1'))).toBe('xyz');
  });

  it('should find none in a handshake, an API request or a partial first line', () => {
    expect(sessionIdOf(head('GET /socket.io/?EIO=4&transport=polling HTTP/1.1'))).toBeUndefined();
    expect(sessionIdOf(head('GET /api/chats?sid=abc HTTP/1.1'))).toBeUndefined();
    expect(sessionIdOf(Buffer.from('GET /socket.io/?EIO=4&sid=ab'))).toBe('ab');
    expect(sessionIdOf(head('GET /socket.io/?EIO=4&xsid=abc HTTP/1.1'))).toBeUndefined();
  });
});
