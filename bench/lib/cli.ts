/** Parses a positive integer flag, exiting with a clear message on anything else. */
export function intFlag(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number ≥ ${min} (got "${value}")`);
    process.exit(2);
  }
  return n;
}

export function printError(err: unknown): void {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  if (err instanceof Error && err.cause) console.error(`  cause: ${String(err.cause)}`);
}

export function fail(err: unknown): never {
  printError(err);
  process.exit(1);
}
