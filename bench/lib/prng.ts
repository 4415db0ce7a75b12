/**
 * A small deterministic PRNG (sfc32, seeded through splitmix32) so `--seed 42` always produces the
 * same data set. Not for anything security-related.
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Roughly normal (sum of three uniforms), clamped to [min, max] and rounded. */
  normalInt(mean: number, spread: number, min: number, max: number): number {
    const u = (this.next() + this.next() + this.next() - 1.5) / 1.5; // in (-1, 1), bell-shaped
    return Math.min(max, Math.max(min, Math.round(mean + u * spread)));
  }

  /** `n` digits as a string (a leading zero allowed). */
  digits(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += String(this.uint32() % 10);
    return out;
  }

  /** A version-4-shaped UUID from this generator, so ids are reproducible too. */
  uuid(): string {
    const w0 = this.uint32();
    const w1 = (this.uint32() & 0xffff0fff) | 0x00004000;
    const w2 = (this.uint32() & 0x3fffffff) | 0x80000000;
    const w3 = this.uint32();
    const h = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
    const s = h(w0) + h(w1) + h(w2) + h(w3);
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  /** A URL-safe random token of `length` characters. */
  token(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.uint32() & 63];
    return out;
  }

  /** Picks an index with probability proportional to `weights` (cumulative array, last = total). */
  weighted(cumulative: readonly number[]): number {
    const total = cumulative[cumulative.length - 1]!;
    const x = this.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

export function cumulative(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((w) => (sum += w));
}
