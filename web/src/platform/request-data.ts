import type { LocationResult } from '@neura/contract';
import { UNSUPPORTED_DATAPOINT_MESSAGE } from '@neura/contract';
import { skillTexts } from '../shell/texts';
import { showToast } from '../shell/toast-store';
import { GeolocationError, getDeviceLocation } from './geolocation';

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
    ack({ error: error instanceof GeolocationError ? error.message : skillTexts.geolocationUnknown });
  }
}
