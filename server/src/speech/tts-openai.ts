import type { TtsEngine } from './engines.js';
import { type OpenAiAudioTarget, postAudioApi } from './openai-audio.js';

/** OpenAI-compatible `POST /audio/speech`: JSON `{ model, input, voice, response_format: "mp3" }` → MP3 bytes. */
export class OpenAiTtsEngine implements TtsEngine {
  readonly name = 'openai';
  readonly contentType = 'audio/mpeg';

  constructor(
    private readonly target: OpenAiAudioTarget,
    readonly model: string,
    readonly voice: string,
  ) {}

  async synthesize(text: string): Promise<Buffer> {
    const body = JSON.stringify({ model: this.model, input: text, voice: this.voice, response_format: 'mp3' });
    const response = await postAudioApi(this.target, '/audio/speech', body);
    return Buffer.from(await response.arrayBuffer());
  }
}
