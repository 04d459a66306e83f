import { describe, expect, it } from 'vitest';
import { loadConfig, sandboxWarning } from '../../src/config.js';

/** N3: an unset NODE_ENV must not open the free sandbox on a deployment. */
describe('the payments default (N3)', () => {
  it('should sell nothing on a deployment with NODE_ENV unset and no Stripe keys', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://neura.example' }).PAYMENTS).toBe('off');
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://neura.example' }).PAYMENTS).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production' }).PAYMENTS).toBe('off');
  });

  it('should use the sandbox on a deployment only when PAYMENTS=sandbox says so', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://neura.example', PAYMENTS: 'sandbox' }).PAYMENTS).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).PAYMENTS).toBe('sandbox');
  });

  it('should keep the sandbox on a trial install and say so plainly', () => {
    const trial = loadConfig({});
    expect(trial.PAYMENTS).toBe('sandbox');
    expect(sandboxWarning(trial)).toMatch(/SANDBOX mode: no money is taken/);
    expect(sandboxWarning(loadConfig({ PUBLIC_URL: 'https://neura.example' }))).toBeUndefined();
  });

  it('should take Stripe when its keys are set', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ PUBLIC_URL: 'https://neura.example', ...keys }).PAYMENTS).toBe('stripe');
  });
});
