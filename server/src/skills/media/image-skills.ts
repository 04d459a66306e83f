import { REPLY_POLICY } from '../../config.js';
import { SkillError } from '../skill-error.js';
import { type RunContext, type SkillModule, skillTool } from '../skill-tool.js';
import { compositeThroughMask, forProvider, providerImage, resize, restoreLocally, rotate } from './image-ops.js';
import { editImage, filenameFor, generateImage, IMAGES_LABEL, imagesConfigured } from './images-provider.js';
import type { SourceImage } from './skill-files.js';

/**
 * The image skills (ARCHITECTURE.md §3): generate, edit, masked canvas edit and repair through the
 * OpenAI-compatible images API; rotate, resize and the keyless repair locally with sharp. Each
 * answers `{ fileId, url, width, height, mimeType }`; the picture is stored in the reply's chat.
 */

const ID_HINT = 'the id of a picture from the conversation (the [Attached: …] or [Made: …] notes)';
const REPAIR_PROMPT =
  'Restore this photo: remove noise, scratches, dust and compression artefacts, fix faded colours and ' +
  'contrast, sharpen gently. Keep the content, composition and faces exactly as they are.';

const always = () => true;

async function picture(ctx: RunContext, id: string): Promise<SourceImage> {
  const image = await ctx.files.image(id);
  if (image.purpose === 'mask') throw new SkillError(`"${id}" is a mask, not a picture.`);
  return image;
}

async function providerPart(source: SourceImage, name: string) {
  const prepared = await forProvider(source);
  return { ...prepared, filename: filenameFor(name, prepared.mimeType) };
}

export const generateImageSkill: SkillModule<'generate_image'> = {
  id: 'generate_image',
  available: imagesConfigured,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'generate_image',
      label: IMAGES_LABEL,
      description:
        'Create a new picture from a text description. `size` is optional, e.g. "1024x1024", "1536x1024", "1024x1536".',
      run: async ({ prompt, size }, run) =>
        run.files.saveImage(await providerImage(await generateImage(run, prompt, size), IMAGES_LABEL)),
    }),
};

export const editImageSkill: SkillModule<'edit_image'> = {
  id: 'edit_image',
  available: imagesConfigured,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'edit_image',
      label: IMAGES_LABEL,
      description: `Change a whole picture as described (style, content, colours). \`imageId\` is ${ID_HINT}.`,
      run: async ({ imageId, prompt }, run) => {
        const source = await picture(run, imageId);
        const edited = await editImage(run, { image: await providerPart(source, 'image'), prompt });
        return run.files.saveImage(await providerImage(edited, IMAGES_LABEL));
      },
    }),
};

export const editImageCanvasSkill: SkillModule<'edit_image_canvas'> = {
  id: 'edit_image_canvas',
  available: imagesConfigured,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'edit_image_canvas',
      label: IMAGES_LABEL,
      description:
        'Change only the area the user painted on a picture. `imageId` is the picture and `maskId` the mask ' +
        'listed as "mask <maskId> for image <imageId>" in the [Attached: …] note; `prompt` says what to put there.',
      run: async ({ imageId, maskId, prompt }, run) => {
        const source = await picture(run, imageId);
        const mask = await run.files.image(maskId);
        if (mask.purpose !== 'mask') throw new SkillError(`"${maskId}" is not a mask painted on the canvas.`);
        if (mask.width !== source.width || mask.height !== source.height)
          throw new SkillError('The mask must be the same size as the picture.');
        const edited = await editImage(run, {
          image: await providerPart(source, 'image'),
          mask: { bytes: mask.bytes, mimeType: 'image/png', filename: 'mask.png' },
          prompt,
        });
        await providerImage(edited, IMAGES_LABEL);
        // The provider treats the mask as a hint: lay its result back so unpainted pixels stay exact.
        return run.files.saveImage(await compositeThroughMask(source, mask, edited));
      },
    }),
};

export const repairImageSkill: SkillModule<'repair_image'> = {
  id: 'repair_image',
  available: always,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'repair_image',
      label: IMAGES_LABEL,
      ...(imagesConfigured(ctx.config) ? {} : { timeoutMs: REPLY_POLICY.localImageMs }),
      description: `Restore a damaged, noisy or faded photo. \`imageId\` is ${ID_HINT}; \`prompt\` may add wishes.`,
      run: async ({ imageId, prompt }, run) => {
        const source = await picture(run, imageId);
        if (!imagesConfigured(run.config)) return run.files.saveImage(await restoreLocally(source));
        const text = prompt ? `${REPAIR_PROMPT} Also: ${prompt}` : REPAIR_PROMPT;
        const edited = await editImage(run, { image: await providerPart(source, 'image'), prompt: text });
        return run.files.saveImage(await providerImage(edited, IMAGES_LABEL));
      },
    }),
};

export const rotateImageSkill: SkillModule<'rotate_image'> = {
  id: 'rotate_image',
  available: always,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'rotate_image',
      label: 'picture tool',
      description: `Rotate a picture clockwise by \`degrees\` (90, 180, 270 or any angle). \`imageId\` is ${ID_HINT}.`,
      run: async ({ imageId, degrees }, run) => run.files.saveImage(await rotate(await picture(run, imageId), degrees)),
    }),
};

export const resizeImageSkill: SkillModule<'resize_image'> = {
  id: 'resize_image',
  available: always,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'resize_image',
      label: 'picture tool',
      description:
        `Resize a picture to \`width\` and/or \`height\` in pixels (at most 4096); with one side given the ` +
        `other keeps the picture's proportions. \`imageId\` is ${ID_HINT}.`,
      run: async ({ imageId, width, height }, run) =>
        run.files.saveImage(await resize(await picture(run, imageId), { width, height })),
    }),
};

export const imageSkills = [
  generateImageSkill,
  editImageSkill,
  editImageCanvasSkill,
  repairImageSkill,
  rotateImageSkill,
  resizeImageSkill,
];
