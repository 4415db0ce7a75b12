import type { MessageKind } from '@ayar/contract';

/** What a provider gets for one message of the outbox. */
export interface ProviderMessage {
  /** The outbox row id; also the idempotency key given to the provider (Kavenegar `localid`). */
  id: string;
  to: string;
  kind: MessageKind;
  text: string;
  /** Set for one-time codes: providers with a verification template send only the code. */
  otpCode?: string | null;
}

export interface SendResult {
  /** The provider's own id for the message, when it gives one. */
  providerId: string | null;
}

/**
 * Whether an earlier, interrupted attempt reached the provider (docs/product.md §5.5: nothing sent twice).
 */
export type PriorAttempt =
  | { state: 'sent'; providerId: string | null }
  | { state: 'rejected'; error: string }
  | { state: 'not-sent' }
  /** The provider cannot tell (e.g. a template lookup has no local id); the worker sends again. */
  | { state: 'unknown' };

export interface SmsProvider {
  /** Stored in `messages.provider`. */
  readonly name: string;
  send(message: ProviderMessage): Promise<SendResult>;
  findPriorAttempt(message: ProviderMessage): Promise<PriorAttempt>;
}

/**
 * A failed attempt. `permanent` ones (an invalid number, a rejected text) fail the message at once;
 * the others are retried with back-off. `message` is stored in `messages.error`: never put secrets in it.
 */
export class ProviderError extends Error {
  readonly permanent: boolean;
  readonly code: number | null;
  constructor(message: string, options: { permanent: boolean; code?: number | null }) {
    super(message);
    this.name = 'ProviderError';
    this.permanent = options.permanent;
    this.code = options.code ?? null;
  }
}
