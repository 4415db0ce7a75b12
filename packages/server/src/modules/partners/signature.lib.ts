import { createHmac, randomBytes } from 'node:crypto';

// The Standard Webhooks signature (ADR 0062, https://www.standardwebhooks.com): HMAC-SHA256 over
// `<id>.<timestamp>.<body>` with the secret's key, base64, sent as `v1,<signature>`.

const PREFIX = 'whsec_';

/** A new secret: `whsec_` and 24 random bytes in base64. */
export const newSecret = () => PREFIX + randomBytes(24).toString('base64');

/** The `webhook-signature` header's value for one attempt. */
export function signDelivery(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
