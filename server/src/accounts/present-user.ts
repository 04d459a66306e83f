import type { User } from '@neura/contract';
import type { User as DomainUser } from '../auth/user.js';
import { isPro } from '../entitlements/pro.js';

/** The user as clients see it (GET /users/me, the socket's ready event, `user.changed`). */
export function presentUser(user: DomainUser): User {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    referralCode: user.referralCode,
    proExpiry: user.proExpiry,
    isPro: isPro(user),
    flags: user.flags,
    credits: user.credits,
    role: user.role,
    locale: user.locale,
  };
}
