import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { test } from '@playwright/test';

/**
 * A fake model and the app started on it, for one spec file: started before its tests, stopped
 * after them. Tests read both through the returned object (`started.model`, `started.app`).
 */
export function modelApp(): { readonly model: FakeOpenAI; readonly app: ServerProcess } {
  let model: FakeOpenAI | undefined;
  let app: ServerProcess | undefined;
  test.beforeAll(async () => {
    model = await startFakeOpenAI();
    app = await startServerProcess({ env: { LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-e2e' } });
  });
  test.afterAll(async () => {
    await app?.stop();
    await model?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The fake model and the app start before the tests.');
    return value;
  };
  return {
    get model() {
      return started(model);
    },
    get app() {
      return started(app);
    },
  };
}
