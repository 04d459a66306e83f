import type { SttEngine } from './engines.js';
import { type OpenAiAudioTarget, postAudioApi } from './openai-audio.js';
import { pcmToWav } from './wav.js';

/**
 * OpenAI-compatible `POST /audio/transcriptions` (OpenAI, Groq, faster-whisper servers, LocalAI):
 * multipart `file` (a 16 kHz mono WAV), `model`, `response_format=json`, optional `language`;
 * the answer is `{ text }`.
 */
export class OpenAiSttEngine implements SttEngine {
  readonly name = 'openai';

  constructor(
    private readonly target: OpenAiAudioTarget,
    private readonly model: string,
    private readonly language?: string,
  ) {}

  async transcribe(pcm16k: Buffer): Promise<string> {
    if (pcm16k.length < 2) return '';
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pcmToWav(pcm16k))], { type: 'audio/wav' }), 'audio.wav');
    form.append('model', this.model);
    form.append('response_format', 'json');
    if (this.language) form.append('language', this.language);
    const response = await postAudioApi(this.target, '/audio/transcriptions', form);
    const body = (await response.json().catch(() => ({}))) as { text?: unknown };
    return typeof body.text === 'string' ? body.text.replace(/\s+/g, ' ').trim() : '';
  }
}
