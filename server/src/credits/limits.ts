import type { SpendingLimits } from '@neura/contract';
import { AppError } from '../errors.js';
import type { SpendingRow } from './limits-repository.js';
import { periodKeys, resetTimes, shownIn } from './periods.js';

/**
 * The texts of a refused charge (translated in i18n/locales/*-errors.ts, templates `dailyLimit`,
 * `monthlyLimit`, and `dailyLimitOne` / `monthlyLimitOne` for a limit of 1 credit).
 */
export const limitTexts = {
  daily: (limit: number, resets: string) =>
    limit === 1
      ? `You reached the daily spending limit you set (1 credit a day). It resets at ${resets}. You can change it in Settings › Credits.`
      : `You reached the daily spending limit you set (${limit} credits a day). It resets at ${resets}. You can change it in Settings › Credits.`,
  monthly: (limit: number, resets: string) =>
    limit === 1
      ? `You reached the monthly spending limit you set (1 credit a month). It resets at ${resets}. You can change it in Settings › Credits.`
      : `You reached the monthly spending limit you set (${limit} credits a month). It resets at ${resets}. You can change it in Settings › Credits.`,
} as const;

/** What was spent in the current periods of the user's zone (0 for a period that has ended). */
function spentNow(row: SpendingRow | undefined, now: Date): { day: number; month: number } {
  const keys = periodKeys(now, row?.time_zone ?? null);
  return {
    day: row && row.day_key === keys.day ? row.day_spent : 0,
    month: row && row.month_key === keys.month ? row.month_spent : 0,
  };
}

/** The error of a charge of `amount` refused by a limit: the one it would pass, named with when it resets. */
export function limitError(row: SpendingRow | undefined, amount: number, now = new Date()): AppError {
  const spent = spentNow(row, now);
  const zone = row?.time_zone ?? null;
  const resets = resetTimes(now, zone);
  const daily = row?.daily_credits ?? null;
  if (daily !== null && spent.day + amount > daily) {
    return new AppError('credits:limit', limitTexts.daily(daily, shownIn(resets.day, zone)));
  }
  return new AppError('credits:limit', limitTexts.monthly(row?.monthly_credits ?? 0, shownIn(resets.month, zone)));
}

/** `GET|PUT /users/me/limits`. */
export function presentLimits(row: SpendingRow | undefined, now = new Date()): SpendingLimits {
  const spent = spentNow(row, now);
  const resets = resetTimes(now, row?.time_zone ?? null);
  return {
    dailyCredits: row?.daily_credits ?? null,
    monthlyCredits: row?.monthly_credits ?? null,
    spentToday: spent.day,
    spentThisMonth: spent.month,
    dayResetsAt: resets.day.toISOString(),
    monthResetsAt: resets.month.toISOString(),
    timeZone: row?.time_zone ?? 'UTC',
  };
}
