import { describe, expect, it } from 'vitest';
import { headerLeftAction } from './header-left';

describe('headerLeftAction', () => {
  it.each([
    ['/chats/abc', 'to-chats'],
    ['/', 'new-chat'],
    ['/chats', 'new-chat'],
    ['/create', 'new-chat'],
    ['/settings', 'new-chat'],
    ['/settings/', 'new-chat'],
    ['/settings/password', 'back'],
    ['/settings/delete', 'back'],
    ['/settings/credits', 'back'],
    ['/settings/credits/complete', 'back'],
    ['/settings/pro', 'back'],
    ['/pro', 'back'],
    ['/terms', 'back'],
    ['/changelog', 'back'],
    ['/ui-test', 'back'],
    ['/nowhere', 'back'],
  ] as const)('should give %s the %s action', (path, action) => {
    expect(headerLeftAction(path)).toBe(action);
  });
});
