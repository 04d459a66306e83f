import fs from 'node:fs';
import { SKILLS } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPLY_POLICY } from './config.js';

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

describe('hardening settings', () => {
  it('should refuse TRUST_PROXY=true (it would trust any client X-Forwarded-For)', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY');
  });

  it('should read TRUST_PROXY as a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow('TRUST_PROXY');
  });

  it('should log mails without SMTP only on a trial install or when asked', () => {
    expect(loadConfig({}).mailToLog).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://neura.example' }).mailToLog).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://neura.example', NODE_ENV: 'development' }).mailToLog).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://neura.example', MAIL_TO_LOG: 'true' }).mailToLog).toBe(true);
  });

  it('should default REDIS_PREFIX to neura, 20 sockets per user and a 60 s model idle timeout', () => {
    const c = loadConfig({});
    expect(c.REDIS_PREFIX).toBe('neura');
    expect(c.MAX_SOCKETS_PER_USER).toBe(20);
    expect(c.LLM_IDLE_TIMEOUT_SECONDS).toBe(60);
    expect(c.REDIS_BOOT_TIMEOUT_SECONDS).toBe(15);
  });
});

describe('the retired multi-process mode (CLUSTER_WORKERS)', () => {
  it('should not expose CLUSTER_WORKERS any more', () => {
    expect(loadConfig({})).not.toHaveProperty('CLUSTER_WORKERS');
  });

  it.each(['', '1'])('should start as before with CLUSTER_WORKERS=%j (one process, what it meant)', (value) => {
    expect(() => loadConfig({ CLUSTER_WORKERS: value })).not.toThrow();
  });

  it.each(['2', '4'])(
    'should refuse CLUSTER_WORKERS=%s, pointing to processes behind a load balancer with REDIS_URL',
    (value) => {
      const env = { CLUSTER_WORKERS: value, REDIS_URL: 'redis://127.0.0.1:6379' };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/CLUSTER_WORKERS: removed;.*load balancer with REDIS_URL/);
    },
  );
});

describe('token prices per model (MODEL_PRICES)', () => {
  it('should be empty when unset and read a JSON object of model → input/output per million tokens', () => {
    expect(loadConfig({}).MODEL_PRICES).toEqual([]);
    expect(loadConfig({ MODEL_PRICES: '{"openai:gpt-4o-mini":{"input":0.15,"output":0.6}}' }).MODEL_PRICES).toEqual([
      { model: 'openai:gpt-4o-mini', inputPerMTok: 0.15, outputPerMTok: 0.6 },
    ]);
  });

  it.each([
    ['not json', /MODEL_PRICES: must be JSON/],
    ['[{"model":"x"}]', /MODEL_PRICES: must be a JSON object/],
    ['{"x":{"input":-1,"output":1}}', /MODEL_PRICES\.x\.input/],
    ['{"x":{"input":1}}', /MODEL_PRICES\.x\.output/],
    ['{"x":{"input":1,"output":1,"cached":1}}', /MODEL_PRICES\.x/],
  ])('should stop on MODEL_PRICES=%s naming the setting', (value, message) => {
    expect(() => loadConfig({ MODEL_PRICES: value })).toThrow(ConfigError);
    expect(() => loadConfig({ MODEL_PRICES: value })).toThrow(message);
  });
});

describe('custom personas (issue #29)', () => {
  it('should default to 10 personas per user, 8000 characters of instructions and no model list or prices', () => {
    const c = loadConfig({});
    expect(c.CUSTOM_PERSONAS_PER_USER).toBe(10);
    expect(c.CUSTOM_PERSONA_INSTRUCTIONS_MAX).toBe(8000);
    expect(c.CUSTOM_PERSONA_MODELS).toBeUndefined();
    expect(c.CUSTOM_PERSONA_PRICES).toBeUndefined();
  });

  it.each([
    ['CUSTOM_PERSONA_INSTRUCTIONS_MAX', '20001'],
    ['CUSTOM_PERSONA_INSTRUCTIONS_MAX', '0'],
    ['CUSTOM_PERSONAS_PER_USER', '-1'],
    ['CUSTOM_PERSONA_MODELS', 'gpt-4o'],
    ['CUSTOM_PERSONA_PRICES', '{"openai:gpt-4o":-1}'],
    ['CUSTOM_PERSONA_PRICES', 'two'],
  ])('should stop on a bad %s (%s) naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('should read a model list and a price map', () => {
    const c = loadConfig({
      CUSTOM_PERSONA_MODELS: 'openai:gpt-4o-mini, openai:gpt-4o',
      CUSTOM_PERSONA_PRICES: '{"openai:gpt-4o":5,"*":2}',
    });
    expect(c.CUSTOM_PERSONA_MODELS).toBe('openai:gpt-4o-mini, openai:gpt-4o');
    expect(JSON.parse(c.CUSTOM_PERSONA_PRICES ?? '{}')).toEqual({ 'openai:gpt-4o': 5, '*': 2 });
  });
});

describe('REPLY_POLICY', () => {
  it('should give the model idle default and a cap to every skill', () => {
    expect(loadConfig({}).LLM_IDLE_TIMEOUT_SECONDS).toBe(REPLY_POLICY.modelIdleSeconds);
    expect(Object.keys(REPLY_POLICY.skillTimeoutMs).sort()).toEqual([...SKILLS].sort());
    // A skill may run longer than the model may stay silent: a running tool is not idleness.
    expect(Math.max(...Object.values(REPLY_POLICY.skillTimeoutMs))).toBeGreaterThan(
      REPLY_POLICY.modelIdleSeconds * 1000,
    );
    // The sweep fails a dead process's reply before a live one's next save could be missed twice.
    expect(REPLY_POLICY.staleAfterMs).toBeGreaterThan(2 * REPLY_POLICY.progressSaveMs);
  });

  it('should default the reply save, stale and sweep settings to the policy, and refuse a stale limit a live reply could reach', () => {
    const c = loadConfig({});
    expect([c.REPLY_SAVE_EVERY_MS, c.REPLY_STALE_AFTER_MS, c.REPLY_SWEEP_EVERY_MS]).toEqual([
      REPLY_POLICY.progressSaveMs,
      REPLY_POLICY.staleAfterMs,
      REPLY_POLICY.sweepEveryMs,
    ]);
    const short = loadConfig({ REPLY_SAVE_EVERY_MS: '300', REPLY_STALE_AFTER_MS: '1000', REPLY_SWEEP_EVERY_MS: '250' });
    expect([short.REPLY_SAVE_EVERY_MS, short.REPLY_STALE_AFTER_MS, short.REPLY_SWEEP_EVERY_MS]).toEqual([
      300, 1000, 250,
    ]);
    expect(() => loadConfig({ REPLY_STALE_AFTER_MS: '6000' })).toThrow(/REPLY_STALE_AFTER_MS: must be more than twice/);
    expect(() => loadConfig({ REPLY_SWEEP_EVERY_MS: '0' })).toThrow(/REPLY_SWEEP_EVERY_MS/);
  });

  it('should be quoted as it is by docs/ARCHITECTURE.md and docs/CONFIGURATION.md', () => {
    const read = (doc: string) => fs.readFileSync(new URL(`../../docs/${doc}`, import.meta.url), 'utf8');
    const architecture = read('ARCHITECTURE.md');
    const s = (ms: number) => `${ms / 1000} s`;
    const p = REPLY_POLICY;
    expect(architecture).toContain(`not saved for ${s(p.staleAfterMs)}, swept every ${s(p.sweepEveryMs)}`);
    expect(architecture).toContain(`live replies save their text every ${s(p.progressSaveMs)}`);
    expect(architecture).toContain(`silent for ${p.modelIdleSeconds} s`);
    expect(architecture).toContain(`at most ${p.maxSteps} model calls`);
    expect(architecture).toContain(`10 s belongs to a dead process, and each process sweeps for those every 4 s`);
    const t = p.skillTimeoutMs;
    const caps = `web and video search ${s(t.web_search)}, domain ${s(t.check_domain)}, read page ${s(t.read_url)}, weather, Yelp and local image edits ${s(t.forecast_weather)}, image generation and edits with a provider ${s(t.generate_image)}, music ${s(t.generate_music)}`;
    expect(t.video_search).toBe(t.web_search);
    expect([t.yelp_business_search, t.rotate_image, t.resize_image, p.localImageMs]).toEqual(
      Array(4).fill(t.forecast_weather),
    );
    expect([t.edit_image, t.edit_image_canvas, t.repair_image]).toEqual(Array(3).fill(t.generate_image));
    expect(architecture.replace(/\s+/g, ' ')).toContain(caps);
    expect(read('CONFIGURATION.md')).toContain(caps);
    expect(read('CONFIGURATION.md')).toContain(`| \`LLM_IDLE_TIMEOUT_SECONDS\` | \`${p.modelIdleSeconds}\` |`);
    expect(read('CONFIGURATION.md')).toContain(`| \`REPLY_SAVE_EVERY_MS\` | \`${p.progressSaveMs}\` |`);
    expect(read('CONFIGURATION.md')).toContain(`| \`REPLY_STALE_AFTER_MS\` | \`${p.staleAfterMs}\` |`);
    expect(read('CONFIGURATION.md')).toContain(`| \`REPLY_SWEEP_EVERY_MS\` | \`${p.sweepEveryMs}\` |`);
  });
});
