import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/runtime';
import { redirectFor, routeFor } from './routes';

describe('routeFor', () => {
  it.each([
    // Home is the sign-in entry, not gated: visitors browse Explore (issue #41).
    ['/', 'home', 'Browse Personas', false],
    ['/chats', 'chats', 'Chats', true],
    ['/chats/abc123', 'chat', 'Chat', true],
    ['/create', 'create', 'Create Persona', true],
    ['/settings', 'settings', 'Settings', true],
    ['/settings/password', 'password', 'Change Password', true],
    ['/settings/delete', 'delete', 'Delete Account', true],
    ['/settings/credits', 'credits', 'Buy Credits', true],
    ['/settings/credits/complete', 'purchase-complete', 'Order Status', true],
    ['/changelog', 'changelog', 'Release Notes', false],
    ['/terms', 'terms', 'Terms of Use', false],
    ['/does-not-exist', 'not-found', 'Not Found', false],
    ['/chats/a/b', 'not-found', 'Not Found', false],
  ])('should map %s to %s titled %s', (path, name, title, auth) => {
    const route = routeFor(path);
    expect(route.name).toBe(name);
    expect(route.title).toBe(title);
    expect(route.auth).toBe(auth);
  });
});

describe('redirectFor', () => {
  it('should send /privacy to /terms', () => {
    expect(redirectFor('/privacy')).toBe('/terms');
  });
  it('should send /account/{rest} to /settings/{rest} and /account to /settings', () => {
    expect(redirectFor('/account/password')).toBe('/settings/password');
    expect(redirectFor('/account/credits/complete')).toBe('/settings/credits/complete');
    expect(redirectFor('/account')).toBe('/settings');
    expect(redirectFor('/account/')).toBe('/settings');
  });
  it('should leave other paths alone', () => {
    expect(redirectFor('/settings')).toBeUndefined();
    expect(redirectFor('/accounts')).toBeUndefined();
  });
});

describe('route titles in the active locale', () => {
  afterEach(() => setLocale('en-US'));
  it("reads memory's and your data's titles when asked, not at import", async () => {
    expect(routeFor('/settings/memory').title).toBe('Memory');
    expect(routeFor('/settings/data').title).toBe('Your data');
    await setLocale('fr');
    expect(routeFor('/settings/memory').title).toBe('Mémoire');
    expect(routeFor('/settings/data').title).toBe('Vos données');
  });
});
