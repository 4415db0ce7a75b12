import { MOBILE_PREFIXES, FIRST_NAMES, LAST_NAMES } from './names.ts';
import type { Database } from '../../packages/server/src/db/database.ts';
import type { Prng } from './prng.ts';

// The shapes of a realistic network's data: Tehran working hours, names, mobiles, how often each test
// type comes in and the purity it usually has.

export const DAY_MS = 24 * 3600_000;
const TEHRAN_OFFSET_MIN = 210; // UTC+03:30, no daylight saving since 2022

/** A moment in Tehran working hours (09:00–20:00, no Fridays) `ageDays` days before `now`, in ms. */
export function workingTime(prng: Prng, now: number, ageDays: number): number {
  const dayStart =
    Math.floor((now + TEHRAN_OFFSET_MIN * 60_000) / DAY_MS) * DAY_MS - TEHRAN_OFFSET_MIN * 60_000;
  let day = dayStart - ageDays * DAY_MS;
  // Fridays are the weekend: those samples came in on Thursday.
  if (new Date(day + TEHRAN_OFFSET_MIN * 60_000).getUTCDay() === 5) day -= DAY_MS;
  const minute = prng.int(9 * 60, 20 * 60 - 1);
  const t = day + minute * 60_000 + prng.int(0, 59_999);
  return t < now ? t : t - DAY_MS; // later today has not happened yet: the same hour yesterday
}

export function personName(prng: Prng): string {
  return `${prng.pick(FIRST_NAMES)} ${prng.pick(LAST_NAMES)}`;
}

export function mobile(prng: Prng): string {
  return prng.pick(MOBILE_PREFIXES) + prng.digits(7);
}

export function isoDate(ms: number): string {
  return new Date(ms + TEHRAN_OFFSET_MIN * 60_000).toISOString().slice(0, 10);
}

export function split(total: number, weights: readonly number[], minimum: number): number[] {
  const floor = Math.min(minimum, Math.floor(total / weights.length));
  const rest = total - floor * weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => floor + Math.floor((rest * w) / sum));
  let left = total - out.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % out.length, left--) out[i]!++;
  return out;
}

/** Test types with how often labs see them and the purity (per mille) they usually have. */
export const TYPE_PROFILE = [
  { weight: 46, purity: 750, spread: 30, gramsMin: 1, gramsMax: 80 }, // ساخته: jewellery, 18 carat
  { weight: 12, purity: 780, spread: 150, gramsMin: 1, gramsMax: 60 }, // متفرقه
  { weight: 5, purity: 995, spread: 4, gramsMin: 5, gramsMax: 250 }, // شمش: bars
  { weight: 9, purity: 900, spread: 3, gramsMin: 1, gramsMax: 9 }, // سکه: coins
  { weight: 25, purity: 820, spread: 170, gramsMin: 10, gramsMax: 400 }, // آبشده: melted gold
  { weight: 3, purity: 925, spread: 60, gramsMin: 5, gramsMax: 300 }, // نقره: silver
] as const;

/** What every phase of the seed writes with. */
export interface SeedContext {
  db: Database;
  prng: Prng;
  batchSize: number;
  /** "Now", floored to the minute: every date is made relative to it. */
  nowMs: number;
}

/** The network's people, written first: every later phase hangs off them. */
export interface Network {
  adminId: string;
  workshopIds: string[];
  /** Customer ids per workshop, in workshop order. */
  customersOf: string[][];
}
