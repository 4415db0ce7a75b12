import type { PriorAttempt, ProviderMessage, SendResult, SmsProvider } from './types.ts';
import { ProviderError } from './types.ts';

export interface KavenegarOptions {
  apiKey: string;
  /** https://api.kavenegar.com, or a local fake in tests. */
  baseUrl: string;
  /** The sending line; Kavenegar's default line when unset. */
  sender?: string | undefined;
  /** A verify/lookup template for one-time codes; without it codes go as plain SMS. */
  otpTemplate?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * `return.status` codes that no retry can fix: the message itself (receiver, sender, text, template) or
 * the request is wrong. Everything else — 409 busy, 418 no credit, 401/403/407/416/430 account and key
 * problems an admin can fix, 5xx, network errors, timeouts — is retried with back-off.
 */
export const KAVENEGAR_PERMANENT_CODES: ReadonlySet<number> = new Set([
  400, // parameters incomplete
  404, // unknown method
  405, // wrong HTTP method
  406, // a required parameter is empty
  411, // invalid receiver
  412, // invalid sender line
  413, // message empty or too long
  414, // too many records in one request
  415, // index out of range
  417, // invalid date
  419, // array sizes differ
  422, // characters that cannot be processed
  424, // template not found or not approved
  426, // needs the advanced service
  427, // (reserved by Kavenegar for rejected line usage)
  428, // a call with a non-numeric token
  431, // token has spaces or separators
  432, // template has no %token
]);

/** Delivery states of `sms/statuslocalmessageid` that mean the provider had it and gave up. */
const GAVE_UP_STATES: ReadonlySet<number> = new Set([6, 11, 13, 14]);
/** «Incorrect»: no message with that local id. */
const NOT_FOUND_STATE = 100;

/**
 * Kavenegar wants a numeric `localid`; it is derived from the outbox row's UUID (its first 60 bits),
 * so a retry always carries the same one and `statuslocalmessageid` can find an earlier attempt.
 */
export function kavenegarLocalId(messageId: string): string {
  return BigInt(`0x${messageId.replace(/-/g, '').slice(0, 15)}`).toString();
}

interface KavenegarBody {
  return?: { status?: unknown; message?: unknown };
  entries?: unknown;
}

/** The `fetch` adapter for Kavenegar's REST API: `{base}/v1/{key}/{scope}/{method}.json`, form-encoded. */
export function createKavenegarProvider(options: KavenegarOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.baseUrl.replace(/\/+$/, '');
  // The key is part of the URL: keep it out of every text we store or log.
  const redact = (text: string) => text.split(options.apiKey).join('***');

  async function call(method: string, params: Record<string, string | undefined>): Promise<unknown[]> {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) body.set(key, value);
    let response: Response;
    try {
      response = await doFetch(`${base}/v1/${encodeURIComponent(options.apiKey)}/${method}.json`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ProviderError(redact(`کاوه‌نگار در دسترس نیست (${describeNetworkError(err)})`), {
        permanent: false,
      });
    }
    return entriesOf(response, await response.text().catch(() => ''), redact);
  }

  const usesTemplate = (m: ProviderMessage) => Boolean(options.otpTemplate && m.otpCode && m.kind === 'sms');

  return {
    name: 'kavenegar',
    async send(message): Promise<SendResult> {
      let entries: unknown[];
      if (usesTemplate(message)) {
        entries = await call('verify/lookup', {
          receptor: message.to,
          token: message.otpCode ?? undefined,
          template: options.otpTemplate,
        });
      } else if (message.kind === 'call') {
        entries = await call('call/maketts', {
          receptor: message.to,
          message: message.text,
          localid: kavenegarLocalId(message.id),
        });
      } else {
        entries = await call('sms/send', {
          receptor: message.to,
          message: message.text,
          sender: options.sender,
          localid: kavenegarLocalId(message.id),
        });
      }
      return { providerId: messageIdOf(entries[0]) };
    },

    async findPriorAttempt(message): Promise<PriorAttempt> {
      // verify/lookup takes no local id, so an interrupted one-time code cannot be looked up.
      if (usesTemplate(message)) return { state: 'unknown' };
      const entries = await call('sms/statuslocalmessageid', { localid: kavenegarLocalId(message.id) });
      const entry = entries[0] as { status?: unknown; statustext?: unknown } | undefined;
      const providerId = messageIdOf(entry);
      const state = typeof entry?.status === 'number' ? entry.status : NOT_FOUND_STATE;
      if (!entry || !providerId || state === NOT_FOUND_STATE) return { state: 'not-sent' };
      if (GAVE_UP_STATES.has(state)) {
        const why = typeof entry.statustext === 'string' ? entry.statustext : String(state);
        return { state: 'rejected', error: redact(`کاوه‌نگار پیام را نرساند: ${why}`) };
      }
      return { state: 'sent', providerId };
    },
  };
}

/** The entries of a 200 answer; otherwise a ProviderError saying whether trying again can help. */
function entriesOf(response: Response, raw: string, redact: (text: string) => string): unknown[] {
  let parsed: KavenegarBody | null;
  try {
    parsed = JSON.parse(raw) as KavenegarBody;
  } catch {
    parsed = null;
  }
  const status = typeof parsed?.return?.status === 'number' ? parsed.return.status : null;
  if (status === 200) {
    const entries = parsed?.entries;
    return Array.isArray(entries) ? entries : entries ? [entries] : [];
  }
  if (status === null) {
    throw new ProviderError(`پاسخ نامعتبر از کاوه‌نگار (HTTP ${response.status})`, {
      permanent: false,
      code: response.status,
    });
  }
  const text = typeof parsed?.return?.message === 'string' ? parsed.return.message : '';
  throw new ProviderError(redact(`کاوه‌نگار ${status}: ${text || 'خطای ناشناخته'}`.slice(0, 500)), {
    permanent: KAVENEGAR_PERMANENT_CODES.has(status),
    code: status,
  });
}

function messageIdOf(entry: unknown): string | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const id = (entry as { messageid?: unknown }).messageid;
  return (typeof id === 'number' && id > 0) || (typeof id === 'string' && id !== '' && id !== '0')
    ? String(id)
    : null;
}

/** A short, secret-free description of a network failure (never the URL, which carries the key). */
function describeNetworkError(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'مهلت پاسخ تمام شد';
    const code = (err.cause as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') return code;
    return err.name;
  }
  return 'خطای شبکه';
}
