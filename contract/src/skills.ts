import { z } from 'zod';
import { SKILLS, type Skill, VIDEO_PROVIDERS } from './constants.js';
import { type SourcesPart, sourcesPartSchema } from './files.js';
import { type MemoryPart, memoryPartSchema } from './memory.js';

/**
 * Skills (tools the model calls), ARCHITECTURE.md §3 "Skills": the input each skill accepts, the
 * output it stores in the message's parts, the tool-call event and the ordered message parts.
 */

const text = (max: number) => z.string().trim().min(1).max(max);

export const skillInputSchemas = {
  web_search: z.object({ query: text(400).describe('What to search the web for') }),
  read_url: z.object({ url: text(2048).describe('The full http(s) address of the page to read') }),
  video_search: z.object({ query: text(400).describe('What videos to look for') }),
  forecast_weather: z.object({
    location: text(200)
      .optional()
      .describe("A named place (city, region, country). Leave it out to use the user's device location."),
    days: z.number().int().min(1).max(7).optional().describe('Days of forecast, 1 to 7 (default 3)'),
  }),
  yelp_business_search: z.object({
    term: text(200).describe('What kind of business, e.g. "ramen" or "bike repair"'),
    location: text(200)
      .optional()
      .describe('Where to search (address, city). Leave it out for "near me": the device location is used.'),
  }),
  check_domain: z.object({ domain: text(253).describe('A domain name such as example.com') }),
  generate_image: z.object({ prompt: text(4000), size: z.string().max(20).optional() }),
  edit_image: z.object({ imageId: text(64), prompt: text(4000) }),
  repair_image: z.object({ imageId: text(64), prompt: text(4000).optional() }),
  edit_image_canvas: z.object({ imageId: text(64), maskId: text(64), prompt: text(4000) }),
  rotate_image: z.object({ imageId: text(64), degrees: z.number() }),
  resize_image: z.object({
    imageId: text(64),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
  }),
  generate_music: z.object({ prompt: text(2000), durationSeconds: z.number().positive().max(600).optional() }),
} satisfies Record<Skill, z.ZodType>;
export type SkillInputs = { [S in Skill]: z.output<(typeof skillInputSchemas)[S]> };

export const webSearchResultSchema = z.object({ title: z.string(), url: z.string(), snippet: z.string() });
export type WebSearchResult = z.infer<typeof webSearchResultSchema>;

export const videoSchema = z.object({
  title: z.string(),
  url: z.string(),
  provider: z.enum([...VIDEO_PROVIDERS, 'file']),
  embedUrl: z.string().optional(),
  thumbnail: z.string().optional(),
});
export type Video = z.infer<typeof videoSchema>;

export const weatherOutputSchema = z.object({
  location: z.object({ name: z.string().optional(), latitude: z.number(), longitude: z.number() }),
  current: z.object({
    time: z.string().optional(),
    temperature: z.number(),
    apparentTemperature: z.number().optional(),
    humidity: z.number().optional(),
    precipitation: z.number().optional(),
    windSpeed: z.number().optional(),
    weatherCode: z.number().int(),
    isDay: z.boolean().optional(),
  }),
  daily: z.array(
    z.object({
      date: z.string(),
      weatherCode: z.number().int(),
      temperatureMax: z.number(),
      temperatureMin: z.number(),
      precipitationProbability: z.number().optional(),
    }),
  ),
  units: z.object({ temperature: z.string(), windSpeed: z.string(), precipitation: z.string() }),
});
export type WeatherOutput = z.infer<typeof weatherOutputSchema>;

export const businessSchema = z.object({
  name: z.string(),
  rating: z.number(),
  reviewCount: z.number().int(),
  address: z.string(),
  url: z.string(),
  price: z.string().optional(),
  distance: z.number().optional(),
  imageUrl: z.string().optional(),
  categories: z.array(z.string()).optional(),
  phone: z.string().optional(),
});
export type Business = z.infer<typeof businessSchema>;

export const domainOutputSchema = z.object({
  domain: z.string(),
  status: z.enum(['registered', 'available', 'unknown']),
  registrar: z.string().optional(),
  expires: z.string().optional(),
  /** `rdap`: the registry answered; `dns`: only a DNS lookup, so the answer is unverified. */
  source: z.enum(['rdap', 'dns']).optional(),
});
export type DomainOutput = z.infer<typeof domainOutputSchema>;

const fileOutputSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  mimeType: z.string(),
});

export const skillOutputSchemas = {
  web_search: z.object({ results: z.array(webSearchResultSchema) }),
  read_url: z.object({ url: z.string(), title: z.string(), content: z.string() }),
  video_search: z.object({ videos: z.array(videoSchema) }),
  forecast_weather: weatherOutputSchema,
  yelp_business_search: z.object({ businesses: z.array(businessSchema) }),
  check_domain: domainOutputSchema,
  generate_image: fileOutputSchema,
  edit_image: fileOutputSchema,
  repair_image: fileOutputSchema,
  edit_image_canvas: fileOutputSchema,
  rotate_image: fileOutputSchema,
  resize_image: fileOutputSchema,
  generate_music: z.object({ fileId: z.string(), url: z.string(), mimeType: z.string() }),
} satisfies Record<Skill, z.ZodType>;
export type SkillOutputs = { [S in Skill]: z.output<(typeof skillOutputSchemas)[S]> };

/** A failed call's output: a sentence a user can read. */
export const toolErrorSchema = z.object({ error: z.string() });

export const toolStatusSchema = z.enum(['running', 'complete', 'failed']);

/**
 * One call of one skill. What the model sent is stored as it was; reading it back tolerates a
 * model's malformed input (it becomes `{}`) so one bad call never hides a chat's history.
 */
function callSchema<S extends Skill, I extends z.ZodObject, O extends z.ZodType>(skill: S, input: I, output: O) {
  const partial = input.partial();
  return z.object({
    id: z.string(),
    skill: z.literal(skill),
    status: toolStatusSchema,
    input: partial.catch(() => ({}) as z.output<typeof partial>),
    output: z.union([output, toolErrorSchema]).optional(),
  });
}

const i = skillInputSchemas;
const o = skillOutputSchemas;
const callSchemas = [
  callSchema('web_search', i.web_search, o.web_search),
  callSchema('read_url', i.read_url, o.read_url),
  callSchema('video_search', i.video_search, o.video_search),
  callSchema('forecast_weather', i.forecast_weather, o.forecast_weather),
  callSchema('yelp_business_search', i.yelp_business_search, o.yelp_business_search),
  callSchema('check_domain', i.check_domain, o.check_domain),
  callSchema('generate_image', i.generate_image, o.generate_image),
  callSchema('edit_image', i.edit_image, o.edit_image),
  callSchema('repair_image', i.repair_image, o.repair_image),
  callSchema('edit_image_canvas', i.edit_image_canvas, o.edit_image_canvas),
  callSchema('rotate_image', i.rotate_image, o.rotate_image),
  callSchema('resize_image', i.resize_image, o.resize_image),
  callSchema('generate_music', i.generate_music, o.generate_music),
] as const;

/** `message.tool`'s `call`: `{ id, skill, status, input, output? }`. */
export const toolCallSchema = z.discriminatedUnion('skill', callSchemas);
export type ToolCall = z.infer<typeof toolCallSchema>;

export const textPartSchema = z.object({ type: z.literal('text'), text: z.string() });
export type TextPart = z.infer<typeof textPartSchema>;
export const toolPartSchema = z.intersection(z.object({ type: z.literal('tool') }), toolCallSchema);
export type ToolPart = z.infer<typeof toolPartSchema>;

/** A finished message's ordered parts: text, tool calls, more text; memory notes (wave 4). */
export const messagePartSchema = z.union([textPartSchema, toolPartSchema, memoryPartSchema, sourcesPartSchema]);
export type MessagePart = TextPart | ToolPart | MemoryPart | SourcesPart;

/** GET /skills: every skill, whether this server can run it, and its surcharge per call. */
export const skillInfoSchema = z.object({ id: z.enum(SKILLS), available: z.boolean(), cost: z.number().int().min(0) });
export type SkillInfo = z.infer<typeof skillInfoSchema>;

/** How long the server waits for a device's answer to `requestData`. */
export const REQUEST_DATA_TIMEOUT_MS = 15_000;
