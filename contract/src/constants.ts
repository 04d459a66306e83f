/** Business constants of SPEC.md §9, shared by server and web. */

export const PRODUCT_NAME = 'Neura';
export const RECAPTCHA_HEADER = 'X-Recaptcha-Token';

export const PRO_PRICE_USD = 19.99;
export const PRO_LIST_PRICE_USD = 49.99;

/** Credits at or below this (and above zero) count as "low". */
export const LOW_CREDITS_THRESHOLD = 5;

export const VERIFY_CODE_LENGTH = 4;
export const INVITE_CODE_GROUPS = 5;
export const INVITE_CODE_GROUP_LENGTH = 4;

export const INTRO_AUTOPLAY_MS = 8000;
export const INTRO_DRAG_THRESHOLD_PX = 50;

/** Explore carousel: slides per view by minimum viewport width, and slide speed. */
export const EXPLORE_BREAKPOINTS: ReadonlyArray<{ minWidth: number; slidesPerView: number }> = [
  { minWidth: 0, slidesPerView: 1.5 },
  { minWidth: 480, slidesPerView: 1.5 },
  { minWidth: 768, slidesPerView: 2.5 },
  { minWidth: 900, slidesPerView: 2.5 },
  { minWidth: 1100, slidesPerView: 3.5 },
  { minWidth: 1920, slidesPerView: 3.5 },
];
export const EXPLORE_CAROUSEL_SPEED_MS = 800;
export const EXPLORE_SKELETON_COUNTS = [2, 4, 3, 1, 2] as const;

export const CHAT_ROW_HEIGHT_PX = 72;
export const CAPTCHA_RECHECK_MS = 1000;

export const VOICE_SAMPLE_RATE = 16000;
export const AUDIO_ANALYSER_SIZE = 2048;
/** Default dictation limit in seconds (server env VOICE_MAX_SECONDS; the client's fallback). */
export const VOICE_MAX_SECONDS_DEFAULT = 60;
/** Bytes per second of the /voice audio: 16 kHz mono signed 16-bit little-endian PCM. */
export const VOICE_BYTES_PER_SECOND = VOICE_SAMPLE_RATE * 2;
/** Largest audioData chunk the server accepts (0.5 s); clients send ~100–250 ms chunks. */
export const VOICE_MAX_CHUNK_BYTES = VOICE_BYTES_PER_SECOND / 2;
/** Longest text POST /speech/speak reads aloud. */
export const MAX_SPEAK_LENGTH = 4000;

export const VIDEO_PROVIDERS = ['youtube', 'vimeo', 'twitch'] as const;
/** Hosts the video gallery may frame (the CSP `frame-src` lists exactly these). Here, not in skills.ts: the
 * chat page reads it without building the skills' schemas. */
export const VIDEO_FRAME_HOSTS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://player.twitch.tv',
  'https://clips.twitch.tv',
] as const;
export const VIDEO_FORMATS = ['mp4', 'ogg', 'webm', 'mov', 'flv', 'wmv', 'mkv'] as const;

export const AD_BANNER_MARGIN = 50;
export const AD_CONTENT_RATINGS = ['General', 'ParentalGuidance', 'Teen', 'MatureAudience'] as const;

/** Server messages longer than this are refused. */
export const MAX_MESSAGE_LENGTH = 8000;
/** Messages per history page when the client does not say. */
export const MESSAGES_PAGE_SIZE = 50;
/**
 * Continue (issue #24): the user's turn that asks the model to carry on a reply cut short by the
 * length limit. Clients show that turn as the same answer going on, not as a message (issue #41).
 */
export const CONTINUE_PROMPT = 'Continue from where you stopped.';

/**
 * What goes between a reply cut short and its continuation when they are shown as one answer: a
 * space where the cut fell between two words (a new reply starts without one), else nothing.
 */
export function continuationJoint(before: string, after: string): string {
  return /[\p{L}\p{N}.,;:!?)\]]$/u.test(before) && /^[\p{L}\p{N}([]/u.test(after) ? ' ' : '';
}
/** Chat titles generated after the first exchange have at most this many words. */
export const CHAT_TITLE_MAX_WORDS = 6;

/** Who can open a persona (issue #29): catalog personas are public. */
export const PERSONA_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type PersonaVisibility = (typeof PERSONA_VISIBILITIES)[number];

/** Persona tags and the Explore carousels built from them, in order. @internal (documents the tags; the seed's test checks them) */
export const PERSONA_TAGS = ['featured', 'wellbeing', 'business', 'fun', 'character', 'helpful'] as const;
/** The New Chat modal's tabs (SPEC.md §2) and the tag each lists; every published persona carries one. */
export const NEW_CHAT_TABS = [
  { id: 'helpful', tag: 'helpful' },
  { id: 'novelty', tag: 'fun' },
] as const;
export const EXPLORE_CAROUSELS = [
  { tag: 'featured', title: 'Featured' },
  { tag: 'wellbeing', title: 'Health & Wellbeing' },
  { tag: 'business', title: 'Business & Finance' },
  { tag: 'fun', title: 'Novelty' },
  { tag: 'character', title: 'Characters' },
] as const;

export const SKILLS = [
  'generate_image',
  'edit_image',
  'repair_image',
  'edit_image_canvas',
  'rotate_image',
  'resize_image',
  'web_search',
  'read_url',
  'video_search',
  'generate_music',
  'forecast_weather',
  'yelp_business_search',
  'check_domain',
] as const;
export type Skill = (typeof SKILLS)[number];

export const HELP_DOCS = [
  'DocIndex',
  'DocChats',
  'DocFaq',
  'DocPersonas',
  'DocNotFound',
  'DocPictures',
  'DocMessages',
  'DocCreate',
] as const;
export type HelpDocName = (typeof HELP_DOCS)[number];

export const MODAL_IDS = ['auth', 'subscribe', 'newchat'] as const;
export type ModalId = (typeof MODAL_IDS)[number];

/** Password length bounds (ARCHITECTURE.md §6). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Plain values the web's first route needs, kept out of the zod modules (billing, skills, socket) so
 * the entry chunk carries no zod (docs/PERFORMANCE.md "Bundle"; this package has no side effects).
 */
export const PRO_PRODUCT_ID = 'pro';
export const VOICE_NAMESPACE = '/voice';
export const UNSUPPORTED_DATAPOINT_MESSAGE = 'Unsupported datapoint';
/** How a skill's error starts when the device location could not be had (the card says so plainly). */
export const LOCATION_UNAVAILABLE_PREFIX = "The user's device location is unavailable";
/** The login answer for an unverified email (SPEC.md §8); the server sends it verbatim. */
export const NOT_VERIFIED_MESSAGE = 'Your email address has not been verified.';

/** Files (ARCHITECTURE.md §3 "Files"): what an upload is for. */
export const FILE_PURPOSES = ['attachment', 'mask'] as const;
/** Image types an upload may be, checked by content (not by name). */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** A document's extraction (issue #45): `processing` (big files, OCR), then `ready` or `failed`. */
export const DOCUMENT_STATUSES = ['processing', 'ready', 'failed'] as const;
/** Documents an upload may be, by extension (checked against the content too). */
export const UPLOAD_DOCUMENT_EXTENSIONS = [
  'pdf',
  'docx',
  'txt',
  'md',
  'markdown',
  'csv',
  'json',
  'html',
  'htm',
] as const;
/** The largest upload, in bytes. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The most pixels an uploaded (or processed) image may have. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** A persona's avatar upload: the largest file, in bytes, and the square it is stored as (WebP). */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 512;

/** The shared chat page's texts (one place; here, not beside the schemas, so the first route loads no zod). */
export const SHARE_TEXTS = {
  removed: 'This link was removed',
  removedDetail: 'The owner of this chat removed the link, or the chat no longer exists.',
  cta: (persona: string) => `Start your own chat with ${persona}`,
} as const;
