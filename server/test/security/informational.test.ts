import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeForTerminal } from '../../src/admin/terminal-text.js';
import { API_CSP } from '../../src/lib/security-headers.js';

/** Issue #26, informational: Engine.IO answers' headers, bidi controls in the admin CLI. */
describe('Engine.IO polling answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.stop());

  it('should carry the API headers (CSP, nosniff, no framing)', async () => {
    const res = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`);
    await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(API_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('bidi controls in the admin CLI', () => {
  it('should print bidirectional controls as visible escapes', () => {
    expect(safeForTerminal('user\u202eevil.exe\u2066x\u2069')).toBe('user\\u202eevil.exe\\u2066x\\u2069');
    expect(safeForTerminal('plain\ttext\nok')).toBe('plain\ttext\nok');
  });
});
