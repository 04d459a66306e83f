import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { createTestChat } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { type Browser, type Page, test } from '@playwright/test';
import { createSignedInUser, signIn, withSeed } from './session.js';

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

/**
 * A new signed-in user (`credits`, no password) with a chat with Mindful Coach, in a browser of
 * `size`: the page and the chat's id.
 */
export async function openChatAs(
  browser: Browser,
  app: ServerProcess,
  size: { width: number; height: number },
  credits = 40,
): Promise<{ page: Page; chatId: string }> {
  const user = await createSignedInUser({ credits, password: null }, app.dataDir);
  const chat = await withSeed((target) => createTestChat(target, user.id, 'mindful-coach'), app.dataDir);
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  await signIn(context, user.token);
  return { page: await context.newPage(), chatId: chat.id };
}
