import { deflateSync } from 'node:zlib';
import {
  type FakeOpenAI,
  type FakeRequest,
  type FakeScript,
  startFakeOpenAI,
  toolResultsOf,
} from '@neura/test-kit/fakes/openai';
import { type FakeImages, startFakeImages } from '@neura/test-kit/fakes/openai-images';
import { createTestChat } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { createSignedInUser, signIn, withSeed } from '../support/session.js';

/**
 * Pictures in a real browser (issue #11): a user attaches a picture, asks Studio Muse to rotate it,
 * sees the result, opens it, paints a mask on the canvas and gets the edited image back. The model
 * is the scriptable OpenAI fake, answering from the attachment note the server adds; the images
 * provider is the OpenAI-compatible images fake; rotate and the composite are the server's sharp.
 */
let model: FakeOpenAI;
let images: FakeImages;
let app: ServerProcess;

const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

/** A w×h RGB PNG: a horizontal gradient, so a rotation is visible. */
function gradientPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (width * 3 + 1));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      raw[at] = Math.round((255 * x) / width);
      raw[at + 1] = 90;
      raw[at + 2] = 255 - Math.round((255 * x) / width);
    }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The text of the last user message the model was sent (string or content parts). */
function lastUserText(request: FakeRequest): string {
  const messages = (request.body?.messages ?? []) as Array<{ role: string; content: unknown }>;
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  if (Array.isArray(last.content))
    return last.content
      .map((p: { type?: string; text?: string }) => (p.type === 'text' ? (p.text ?? '') : ''))
      .join('\n');
  return '';
}

/**
 * The model: it reads the ids from the server's note ("image <id> (W×H)", "mask <maskId> for image
 * <imageId>"), calls edit_image_canvas when a mask came, rotate_image otherwise, then says done.
 */
function pictureModel(request: FakeRequest): FakeScript {
  if (toolResultsOf(request).size > 0) return { chunks: ['Here ', 'it is.'] };
  const note = lastUserText(request);
  const mask = /mask\s+([\w-]+)\s+for image\s+([\w-]+)/i.exec(note);
  if (mask) {
    const prompt = note.split('[Attached')[0]?.trim() || 'Edit the painted area';
    return {
      chunks: ['Painting that in.'],
      toolCalls: [
        { name: 'edit_image_canvas', arguments: JSON.stringify({ imageId: mask[2], maskId: mask[1], prompt }) },
      ],
    };
  }
  const image = /image\s+([\w-]+)\s*\(/i.exec(note);
  if (image) {
    return {
      chunks: ['Rotating it.'],
      toolCalls: [{ name: 'rotate_image', arguments: JSON.stringify({ imageId: image[1], degrees: 90 }) }],
    };
  }
  return { chunks: ['Send me a picture.'] };
}

async function shoot(page: Page, testInfo: TestInfo, name: string, target?: Locator): Promise<void> {
  const original = page.viewportSize();
  for (const vp of VIEWPORTS) {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await (target ?? page.locator('body')).scrollIntoViewIfNeeded();
    const path = testInfo.outputPath(`${name}-${vp.name}-${vp.width}x${vp.height}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`${name} (${vp.width}×${vp.height})`, { path, contentType: 'image/png' });
  }
  if (original) await page.setViewportSize(original);
}

/** The RGB of pixel (x, y) of a loaded same-origin <img>, read through a canvas. */
function pixel(img: Locator, x: number, y: number): Promise<number[]> {
  return img.evaluate(
    (el: HTMLImageElement, [px, py]) => {
      const canvas = document.createElement('canvas');
      canvas.width = el.naturalWidth;
      canvas.height = el.naturalHeight;
      const ctx = canvas.getContext('2d');
      if (!ctx) return [];
      ctx.drawImage(el, 0, 0);
      return [...ctx.getImageData(px as number, py as number, 1, 1).data.slice(0, 3)];
    },
    [x, y],
  );
}

/** Natural size of an <img> once it has loaded. */
async function naturalSize(img: Locator): Promise<[number, number]> {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight] as [number, number]);
}

test.beforeAll(async () => {
  [model, images] = await Promise.all([startFakeOpenAI(), startFakeImages()]);
  model.setScript(pictureModel);
  app = await startServerProcess({
    env: {
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-e2e',
      IMAGES_BASE_URL: images.baseUrl,
      IMAGES_API_KEY: 'sk-images',
      LOG_LEVEL: 'info',
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await Promise.all([model?.close(), images?.close()]);
});

test('should rotate an attached picture, then edit a painted area on the canvas', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const user = await createSignedInUser({ firstName: 'Frida', lastName: 'Kahlo', credits: 100 }, app.dataDir);
  const chat = await withSeed((target) => createTestChat(target, user.id, 'studio-muse'), app.dataDir);
  await signIn(page.context(), user.token);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${app.url}/chats/${chat.id}`);
  await expect(page.getByTestId('credits-badge')).toHaveText('100');

  // Attach a 80×40 picture with the button's file input; it uploads with progress, then shows ready.
  await expect(page.getByRole('button', { name: 'Attach images' })).toBeVisible();
  await page
    .getByTestId('attach-input')
    .setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: gradientPng(80, 40) });
  const thumb = page.getByTestId('attachment');
  await expect(thumb).toHaveAttribute('data-state', 'uploaded');
  await expect(thumb.getByRole('img', { name: 'Image 1' })).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Rotate this picture a quarter turn');
  await box.press('Enter');
  await expect(thumb).toHaveCount(0);

  // The sent message shows the picture; the reply's card shows the rotated one (40×80 now).
  const sent = page.locator('[data-role="user"]').last();
  await expect(sent.getByRole('img', { name: 'Attached image 1' })).toBeVisible();
  const rotate = page.getByTestId('tool-rotate_image');
  await expect(rotate).toHaveAttribute('data-status', 'complete');
  const rotated = rotate.getByTestId('image-result');
  expect(await naturalSize(rotated)).toEqual([40, 80]);
  // Shown at most at its natural size (not blown up to the card's width), with its size in pixels.
  await expect(rotate.getByTestId('image-size')).toHaveText('40 × 80');
  expect((await rotated.boundingBox())?.width).toBeLessThanOrEqual(40.5);
  await expect(page.locator('[data-role="assistant"]').last()).toHaveAttribute('data-status', 'complete');
  await shoot(page, testInfo, 'rotate-result', rotate);

  // Open it large, then "Edit this image": the canvas editor over the rotated picture.
  await rotate.getByRole('button', { name: 'Open image 1' }).click();
  const lightbox = page.getByRole('dialog', { name: /Image/ });
  await expect(lightbox.getByTestId('lightbox-image')).toBeVisible();
  await lightbox.getByRole('button', { name: 'Zoom in' }).click();
  await expect(lightbox.getByTestId('lightbox-image')).toHaveAttribute('data-zoom', '1.5');
  await shoot(page, testInfo, 'lightbox');
  await lightbox.getByRole('button', { name: 'Edit this image' }).click();

  const editor = page.getByRole('dialog', { name: 'Edit part of the image' });
  const canvas = editor.getByTestId('mask-canvas');
  await expect(canvas).toHaveAttribute('width', '40');
  await expect(canvas).toHaveAttribute('height', '80');
  // The dialog animates in: paint only once the canvas has stopped moving.
  let area = await canvas.boundingBox();
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(100);
    const next = await canvas.boundingBox();
    const settled = next && area && ['x', 'y', 'width', 'height'].every((k) => next[k as 'x'] === area?.[k as 'x']);
    area = next;
    if (settled) break;
  }
  if (!area) throw new Error('the canvas has no box');
  // Paint across the upper half with the mouse (pointer events).
  await page.mouse.move(area.x + area.width * 0.2, area.y + area.height * 0.25);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.3, { steps: 5 });
  await page.mouse.move(area.x + area.width * 0.8, area.y + area.height * 0.25, { steps: 5 });
  await page.mouse.up();
  await expect(canvas).toHaveAttribute('data-strokes', '1');
  await editor.getByRole('textbox', { name: 'What should change there?' }).fill('Add a red balloon');
  await shoot(page, testInfo, 'canvas-editor');
  await editor.getByRole('button', { name: 'Apply' }).click();
  await expect(editor).toHaveCount(0);

  // The prompt goes out with the image and its mask; the edited image comes back, same size.
  await expect(page.locator('[data-role="user"]').last()).toContainText('Add a red balloon');
  const edit = page.getByTestId('tool-edit_image_canvas');
  await expect(edit).toHaveAttribute('data-status', 'complete');
  const edited = edit.getByTestId('image-result');
  expect(await naturalSize(edited)).toEqual([40, 80]);
  // The provider fake paints its whole answer blue: inside the painted stroke the edit shows, outside
  // the server's composite keeps the rotated picture's pixels.
  expect(await pixel(edited, 20, 22)).toEqual([0, 0, 255]);
  expect(await pixel(edited, 20, 70)).toEqual(await pixel(rotated, 20, 70));
  expect(await pixel(edited, 20, 70)).not.toEqual([0, 0, 255]);
  const edits = images.requests.filter((r) => r.kind === 'edits');
  expect(edits).toHaveLength(1);
  expect(edits[0]?.files.mask?.type).toBe('image/png');
  await expect(page.locator('[data-role="assistant"]').last()).toHaveAttribute('data-status', 'complete');
  // The cost shows once, in the reply's receipt (not on the card as well).
  await expect(edit.getByTestId('tool-cost')).toHaveCount(0);
  const actions = page.getByTestId('message-actions').last();
  await actions.getByRole('button', { name: /Show receipt/ }).click();
  await expect(actions.getByTestId('receipt-surcharge')).toContainText('+4 credits');
  await page.keyboard.press('Escape');
  await shoot(page, testInfo, 'canvas-result', edit);
});
