import type { SpeechStatus } from '@neura/contract';
import { create } from 'zustand';
import { bool, guard, num, object, optional, str } from '../api/guards';
import { api, apiFetch } from '../api/http';

// A hand guard (../api/guards): the chat page, which asks for the status, builds no zod schema.
const engine = object({ engine: str, available: bool, reason: optional(str) });
const speechStatusParser = guard<SpeechStatus>(object({ stt: engine, tts: engine, maxSeconds: num }));

let status: Promise<SpeechStatus> | undefined;

/** The status as last loaded (start-up asks once): the microphone reads it, fetching nothing itself. */
export const useSpeechStatus = create<{ status: SpeechStatus | null }>()(() => ({ status: null }));

/** Start-up: loads the status into useSpeechStatus (a failure leaves it unknown: the mic stays usable). */
export function loadSpeechStatus(): void {
  speechStatus()
    .then((loaded) => useSpeechStatus.setState({ status: loaded }))
    .catch(() => undefined);
}

/** GET /speech/status once per page (which engines the server runs, and the dictation limit). */
export function speechStatus(): Promise<SpeechStatus> {
  status ??= api('/speech/status', {}, speechStatusParser).catch((error: unknown) => {
    status = undefined;
    throw error;
  });
  return status;
}

/** Forget the cached status (tests). @internal */
export function resetSpeechStatus(): void {
  status = undefined;
}

/** POST /speech/speak: the reply's audio (audio/wav offline, audio/mpeg from the cloud). */
export async function fetchSpeech(text: string, signal?: AbortSignal): Promise<Blob> {
  const response = await apiFetch('/speech/speak', { method: 'POST', body: { text }, signal });
  return response.blob();
}
