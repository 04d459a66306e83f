import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('should default to port 3000, /api and a SQLite file under ./data', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.API_PREFIX).toBe('/api');
    expect(c.database.kind).toBe('sqlite');
    expect(c.database.kind === 'sqlite' && c.database.file.endsWith('data/neura.db')).toBe(true);
    expect(c.REGISTRATION).toBe('invite');
  });

  it('should switch to PostgreSQL on a postgres URL', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/x' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost:5432/x' });
  });

  it('should accept an empty API_PREFIX', () => {
    expect(loadConfig({ API_PREFIX: '' }).API_PREFIX).toBe('');
  });

  it.each([
    ['PORT', 'abc'],
    ['REGISTRATION', 'everyone'],
    ['REDIS_URL', 'not a url'],
    ['API_PREFIX', 'api/'],
  ])('should stop on a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
