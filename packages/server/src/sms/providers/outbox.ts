import type { PriorAttempt, SendResult, SmsProvider } from './types.ts';

/**
 * The default provider (docs/product.md §5.5): nothing leaves the machine. Each message is marked sent with
 * provider 'outbox', so an admin reads it on the messages page (and can pass a one-time code on).
 */
export function createOutboxProvider(): SmsProvider {
  return {
    name: 'outbox',
    send: async (): Promise<SendResult> => ({ providerId: null }),
    // Nothing ever left, so an interrupted attempt is simply done again.
    findPriorAttempt: async (): Promise<PriorAttempt> => ({ state: 'not-sent' }),
  };
}
