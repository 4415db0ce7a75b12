import { AppError } from '../../lib/errors.ts';
import type { Database } from '../../db/database.ts';
import type { ResultSigner } from './signer.lib.ts';
import { findKey } from './signing.repository.ts';

/**
 * How often a running server reads whether its key was retired (ADR 0042). Signing never waits on the
 * database for it: a query there, from inside a publication's transaction, would take a second
 * connection and could starve a full pool. One primary-key read every 15 s per process costs nothing;
 * a forgotten server signs at most this long after the retirement, and what it signs then is refused
 * by every verifier (publishedAt ≥ retiredAt), never accepted.
 */
export const KEY_STATE_REFRESH_MS = 15_000;

export const KEY_RETIRED_MSG =
  'کلید امضای نتایج این سرور بازنشسته شده است؛ تا سرور با کلید تازه راه‌اندازی نشود، نتیجه‌ای امضا و ثبت نمی‌شود';

/** A signature was asked of a retired key: the change fails (its transaction rolls back), 503. */
export class RetiredKeyError extends AppError {
  constructor() {
    super(503, 'INTERNAL', KEY_RETIRED_MSG);
  }
}

interface Logger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Whether this server's signing key is retired, as last read from `result_signing_keys`. */
export class SigningKeyState {
  readonly #db: Database;
  readonly #kid: string;
  readonly #log: Logger | undefined;
  #retiredAt: Date | null = null;
  #timer: NodeJS.Timeout | undefined;

  constructor(db: Database, kid: string, log?: Logger) {
    this.#db = db;
    this.#kid = kid;
    this.#log = log;
  }

  get retiredAt(): Date | null {
    return this.#retiredAt;
  }

  /** Throws RetiredKeyError once the key is known to be retired. */
  readonly assertUsable = (): void => {
    if (this.#retiredAt) throw new RetiredKeyError();
  };

  /** Reads the key's state now (the app calls it once before serving, then every refresh). */
  async refresh(): Promise<void> {
    const row = await findKey(this.#db, this.#kid);
    const retiredAt = row?.retiredAt ?? null;
    if (retiredAt && !this.#retiredAt) {
      this.#log?.error(
        { kid: this.#kid, retiredAt: retiredAt.toISOString() },
        'the result-signing key was retired: nothing is signed until this server restarts with a new key (npm run keys:rotate)',
      );
    }
    this.#retiredAt = retiredAt;
  }

  /** Refreshes every KEY_STATE_REFRESH_MS until stop(); a failed read keeps the last state. */
  start(everyMs = KEY_STATE_REFRESH_MS): void {
    this.stop();
    this.#timer = setInterval(() => {
      this.refresh().catch((err: unknown) =>
        this.#log?.warn({ err }, 'could not read whether the result-signing key was retired'),
      );
    }, everyMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

const states = new WeakMap<ResultSigner, SigningKeyState>();

/**
 * Reads whether `signer`'s key is retired, makes it refuse to sign once it is, and keeps reading
 * (until stop()). The app calls it once when it is built; refused before it serves a request.
 */
export async function watchSigningKey(
  db: Database,
  signer: ResultSigner,
  log?: Logger,
): Promise<SigningKeyState> {
  const state = new SigningKeyState(db, signer.kid, log);
  await state.refresh();
  signer.assertUsable = state.assertUsable;
  states.set(signer, state);
  state.start();
  return state;
}

/** The state watchSigningKey keeps for this signer (tests refresh it rather than wait for the timer). */
export function signingKeyStateOf(signer: ResultSigner): SigningKeyState | undefined {
  return states.get(signer);
}
