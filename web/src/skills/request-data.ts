import type { LocationResult } from '@neura/contract';
import { UNSUPPORTED_DATAPOINT_MESSAGE } from '@neura/contract';
import { GEOLOCATION_ERRORS, getDeviceLocation } from '../platform/geolocation';
import { skillTexts } from '../texts/texts';
import { showToast } from '../ui/toast-store';

const EXPLAINED_KEY = 'neura.location-explained';

/** The first request in this browser says why the location is wanted, before the permission prompt. */
function explainOnce(): void {
  try {
    if (localStorage.getItem(EXPLAINED_KEY)) return;
    localStorage.setItem(EXPLAINED_KEY, '1');
  } catch {
    // Storage unavailable (private mode): explain every time.
  }
  showToast({
    severity: 'info',
    title: skillTexts.locationExplainTitle,
    message: skillTexts.locationExplain,
    durationMs: 8000,
  });
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
  explainOnce();
  try {
    ack(await getDeviceLocation());
  } catch (error) {
    // getDeviceLocation's errors already carry SPEC §8's texts (or the platform's own message).
    ack({ error: error instanceof Error && error.message ? error.message : GEOLOCATION_ERRORS.unknown });
  }
}
