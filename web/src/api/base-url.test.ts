import { describe, expect, it } from 'vitest';
import { computeApiBase } from './base-url';

const loc = (href: string) => {
  const u = new URL(href);
  return { protocol: u.protocol, host: u.host, hostname: u.hostname, origin: u.origin };
};

describe('computeApiBase', () => {
  it('should use the same origin + /api by default', () => {
    expect(computeApiBase({ location: loc('http://localhost:3000/chats') })).toBe('http://localhost:3000/api');
  });
  it('should drop the leading "app." and use the API host root', () => {
    expect(computeApiBase({ location: loc('https://app.neura.chat/') })).toBe('https://neura.chat');
    expect(computeApiBase({ location: loc('https://app.neura.chat:8443/') })).toBe('https://neura.chat:8443');
  });
  it('should use the staging host for a QA build', () => {
    expect(
      computeApiBase({
        location: loc('https://app.neura.chat/'),
        isQaBuild: true,
        stagingApiUrl: 'https://staging.neura.chat/',
      }),
    ).toBe('https://staging.neura.chat');
  });
  it('should let VITE_API_URL override the host rules', () => {
    expect(
      computeApiBase({
        location: loc('https://app.neura.chat/'),
        apiUrl: 'https://api.example.com/v1',
      }),
    ).toBe('https://api.example.com/v1');
  });
  it('should prefer the staging host over VITE_API_URL in a QA build (one web build, two native variants)', () => {
    expect(
      computeApiBase({
        location: loc('https://localhost/'),
        apiUrl: 'https://api.neura.chat',
        isQaBuild: true,
        stagingApiUrl: 'https://staging.neura.chat',
      }),
    ).toBe('https://staging.neura.chat');
  });
  it('should keep VITE_API_URL in a QA build that has no staging host', () => {
    expect(
      computeApiBase({ location: loc('https://localhost/'), apiUrl: 'https://api.neura.chat', isQaBuild: true }),
    ).toBe('https://api.neura.chat');
  });
});
