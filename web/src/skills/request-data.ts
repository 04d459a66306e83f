import type { LocationResult } from '@neura/contract';
import { UNSUPPORTED_DATAPOINT_MESSAGE } from '@neura/contract';
import { GEOLOCATION_ERRORS, getDeviceLocation } from '../platform/geolocation';
import { skillTexts } from '../texts/app-texts';
import { showToast } from '../ui/toast-store';

const EXPLAINED_KEY = 'neura.location-explained';

/** How long the explanation is on screen before the browser's permission prompt covers it. */
export const EXPLAIN_BEFORE_PROMPT_MS = 1500;

/** The browser's geolocation permission, or undefined where it cannot be asked (native, old browsers). */
async function permissionState(): Promise<PermissionState | undefined> {
  try {
    return (await navigator.permissions?.query({ name: 'geolocation' }))?.state;
  } catch {
    return undefined;
  }
}

/**
 * The first request in this browser says why the location is wanted, before the permission prompt:
 * when the browser will prompt, the explanation shows first and the prompt follows a moment later.
 */
async function explainOnce(): Promise<void> {
  try {
    if (localStorage.getItem(EXPLAINED_KEY)) return;
    localStorage.setItem(EXPLAINED_KEY, '1');
  } catch {
    // Storage unavailable (private mode): explain every time.
  }
  const state = await permissionState();
  if (state === 'denied') return;
  showToast({
    severity: 'info',
    title: skillTexts.locationExplainTitle,
    message: skillTexts.locationExplain,
    durationMs: 8000,
  });
  if (state === 'prompt') await new Promise((resolve) => setTimeout(resolve, EXPLAIN_BEFORE_PROMPT_MS));
}

/**
 * The session socket's `requestData` (SPEC.md §4/§5/§7): "location" is answered with the device
 * location, or `{ error }` with SPEC §8's text; any other datapoint gets "Unsupported datapoint".
 */
export async function answerRequestData(
  payload: { datapoint: string } | undefined,
  ack: ((answer: LocationResult | { error: string }) => void) | undefined,
): Promise<void> {
  if (typeof ack !== 'function') return;
  if (payload?.datapoint !== 'location') {
    ack({ error: UNSUPPORTED_DATAPOINT_MESSAGE });
    return;
  }
  await explainOnce();
  try {
    ack(await getDeviceLocation());
  } catch (error) {
    // getDeviceLocation's errors already carry SPEC §8's texts (or the platform's own message).
    ack({ error: error instanceof Error && error.message ? error.message : GEOLOCATION_ERRORS.unknown });
  }
}
