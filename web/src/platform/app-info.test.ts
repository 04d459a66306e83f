import { describe, expect, it, vi } from 'vitest';
import { QA_APP_ID } from './app-ids';
import { isQaAppId, readClientInfo } from './app-info';

const fakeApp = (id: string) => {
  const getInfo = vi.fn(async () => ({ id, build: '42', version: '1.3.0', name: 'Neura' }));
  return { load: vi.fn(async () => ({ getInfo })), getInfo };
};

describe('client info', () => {
  it('should mark the QA build from the QA app id', async () => {
    const app = fakeApp('ai.neura.app.qa');
    const info = await readClientInfo('android', app.load);
    expect(info).toEqual({
      clientVersion: '2.0.0',
      platform: 'android',
      native: true,
      appId: QA_APP_ID,
      build: '42',
      appVersion: '1.3.0',
      isQaBuild: true,
    });
  });

  it('should not mark the production app id as QA', async () => {
    const info = await readClientInfo('ios', fakeApp('ai.neura.app').load);
    expect(info.isQaBuild).toBe(false);
    expect(info.appId).toBe('ai.neura.app');
  });

  it('should never ask the App plugin on the web and report no QA build there', async () => {
    const app = fakeApp('ai.neura.app.qa');
    const info = await readClientInfo('web', app.load);
    expect(app.load).not.toHaveBeenCalled();
    expect(info).toEqual({ clientVersion: '2.0.0', platform: 'web', native: false, isQaBuild: false });
  });

  it('should compare the whole id', () => {
    expect(isQaAppId('ai.neura.app.qa')).toBe(true);
    expect(isQaAppId('ai.neura.app.qa.debug')).toBe(false);
    expect(isQaAppId(undefined)).toBe(false);
  });
});
