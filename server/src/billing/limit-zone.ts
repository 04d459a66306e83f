import { isTimeZone } from '@neura/contract';
import type { CreditService } from '../credits/service.js';
import type { SessionHandler } from '../realtime/realtime.js';

/**
 * The spending limits' time zone follows the browser (issue #49): the web's session socket sends
 * its IANA zone in the handshake (`timeZone` beside `token`) on every connect, at no extra
 * request; when the user's limits count another zone (travel), they count this one from now on.
 * A zone Intl does not know is ignored. (Saving the limits sends the zone too.)
 */
export const followTimeZone =
  (credits: CreditService): SessionHandler =>
  async (socket, principal) => {
    const zone = socket.handshake.query.timeZone;
    if (typeof zone !== 'string' || !isTimeZone(zone)) return;
    await credits.followTimeZone(principal.user.id, zone);
  };
