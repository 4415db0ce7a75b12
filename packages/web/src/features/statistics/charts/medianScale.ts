/** The unit the median axis counts in, chosen so its ticks are whole numbers a person reads at a glance. */
export interface MedianScale {
  unit: 'دقیقه' | 'ساعت' | 'روز';
  /** Minutes in one unit. */
  perUnit: number;
  /** The axis end, in minutes (never 0, so an all-zero chart still has a scale). */
  max: number;
  /** Tick positions in units, from 0 to the axis end. */
  ticks: number[];
}

const UNITS = [
  { unit: 'دقیقه', perUnit: 1, upTo: 120 },
  { unit: 'ساعت', perUnit: 60, upTo: 48 * 60 },
  { unit: 'روز', perUnit: 1440, upTo: Infinity },
] as const;

/** Below this many minutes the axis still spans five, so a 20-second median is a short bar, not a full one. */
const MIN_SPAN_MINUTES = 5;

/** 1, 2 or 5 times a power of ten, at least `raw` and at least 1 (ticks are whole units). */
function niceStep(raw: number): number {
  if (raw <= 1) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw) return m * pow;
  return 10 * pow;
}

/**
 * The axis of «میانه زمان ثبت تا تعیین عیار» for the largest median: minutes, hours or days; about four
 * whole-number steps; the end at or just past the largest value, so the longest bar nearly fills the track.
 */
export function medianScale(largestMinutes: number): MedianScale {
  const largest = Math.max(0, Number.isFinite(largestMinutes) ? largestMinutes : 0);
  const { unit, perUnit } = UNITS.find((u) => largest < u.upTo) ?? UNITS[2];
  const span = Math.max(largest, perUnit === 1 ? MIN_SPAN_MINUTES : perUnit) / perUnit;
  const step = niceStep(span / 4);
  const end = Math.ceil(span / step) * step;
  const ticks = Array.from({ length: end / step + 1 }, (_, i) => i * step);
  return { unit, perUnit, max: end * perUnit, ticks };
}
