import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEVICE_HEADER,
  IDEMPOTENCY_HEADER,
  OFFLINE_MSG,
  REPLAYED_HEADER,
  deviceIdSchema,
  idempotencyKeySchema,
  type Envelope,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { inTransaction, offlineRequests } from '../../lib/metrics.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as repo from './idempotency.repository.ts';
import { touchDevice } from './leases.service.ts';

// Requests that are safe to send again (ADR 0033): with an `Idempotency-Key`, the first
// request's answer is stored in its own transaction and every later one with the key gets it back
// without anything being done twice. A request that fails stores nothing, so its retry runs again.

/** Runs `work` in a transaction: what a service's writes go through, so a caller can wrap them. */
export type Transact = <T>(work: (trx: Database) => Promise<T>) => Promise<T>;

/** A plain transaction: a request without a key. */
export const plainTransact =
  (db: Database): Transact =>
  (work) =>
    inTransaction(db, work);

/** Thrown out of the transaction to skip the work: the key's stored answer is the answer. */
class Replay {
  readonly body: unknown;
  // No parameter properties: Node runs the server's TypeScript by stripping types only.
  constructor(body: unknown) {
    this.body = body;
  }
}

/** JSON with every object's keys sorted, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The request a key stands for: the route and the body as the contract parsed it, so the same entry
 * resent with its keys in another order or its digits in Persian is still the same request.
 */
export const requestHash = (route: string, body: unknown) =>
  createHash('sha256')
    .update(`${route}\n${canonicalJson(body)}`)
    .digest('hex');

const headerValue = (request: FastifyRequest, name: string): unknown => request.headers[name];

/** The request's idempotency key, or null without one; a malformed one is a 400. */
export function keyOf(request: FastifyRequest): string | null {
  const value = headerValue(request, IDEMPOTENCY_HEADER);
  if (value === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success)
    throw new AppError(400, 'VALIDATION', OFFLINE_MSG.keyInvalid, [
      { field: IDEMPOTENCY_HEADER, message: OFFLINE_MSG.keyInvalid },
    ]);
  return parsed.data;
}

/** The sending device (`Ayar-Device`), or null without one; a malformed one is a 400. */
export function deviceOf(request: FastifyRequest): string | null {
  const value = headerValue(request, DEVICE_HEADER);
  if (value === undefined) return null;
  const parsed = deviceIdSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError(400, 'VALIDATION', OFFLINE_MSG.deviceInvalid, [
      { field: DEVICE_HEADER, message: OFFLINE_MSG.deviceInvalid },
    ]);
  return parsed.data;
}

/**
 * Runs `run` at most once per user and key. `run` gets the transaction to do its writes in and must
 * answer that transaction's result as it is (it becomes the stored answer's `data`). Inside it, the key
 * is claimed first: a concurrent request with the same key waits on it until this one ends. Without a
 * key, `run` gets a plain transaction.
 */
/** The answer's message: fixed, or read from what the work did (a purity published or waiting). */
type Message<D> = string | ((data: D) => string);

export async function withIdempotency<D>(
  db: Database,
  request: { userId: string; key: string | null; route: string; body: unknown },
  message: Message<D>,
  run: (transact: Transact) => Promise<D>,
): Promise<{ body: Envelope<D>; replayed: boolean }> {
  const { userId, key } = request;
  const answer = (data: D) => ok(data, typeof message === 'string' ? message : message(data));
  if (key === null) return { body: answer(await run(plainTransact(db))), replayed: false };
  const hash = requestHash(request.route, request.body);
  const transact: Transact = (work) =>
    inTransaction(db, async (trx) => {
      if (!(await repo.claimKey(trx, { userId, key, requestHash: hash }))) {
        const stored = await repo.findKey(trx, userId, key);
        if (stored?.requestHash !== hash || stored.response === null)
          throw new AppError(422, 'CONFLICT', OFFLINE_MSG.keyReused);
        throw new Replay(stored.response);
      }
      await repo.deleteExpired(trx, userId);
      const result = await work(trx);
      // The work given to `transact` is `run`'s own: its result is the answer's data.
      await repo.storeResponse(trx, userId, key, answer(result as unknown as D));
      return result;
    });
  try {
    const body = answer(await run(transact));
    offlineRequests.inc({ outcome: 'applied' });
    return { body, replayed: false };
  } catch (err) {
    if (err instanceof Replay) {
      offlineRequests.inc({ outcome: 'replayed' });
      return { body: err.body as Envelope<D>, replayed: true };
    }
    throw err;
  }
}

/**
 * A route's answer through `withIdempotency`, with the request's key and user, marked
 * `idempotent-replayed: true` when it is a stored one.
 */
export async function idempotentReply<D>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  message: Message<D>,
  run: (transact: Transact) => Promise<D>,
): Promise<Envelope<D>> {
  // AddTest and AddCutting from a device are its contact: its reservation's lease runs on (ADR 0045).
  const device = deviceIdSchema.safeParse(headerValue(request, DEVICE_HEADER));
  if (device.success) await touchDevice(db, currentUser(request).id, device.data);
  const { body, replayed } = await withIdempotency(
    db,
    {
      userId: currentUser(request).id,
      key: keyOf(request),
      route: request.routeOptions.url ?? request.url,
      body: request.body,
    },
    message,
    run,
  );
  if (replayed) reply.header(REPLAYED_HEADER, 'true');
  return body;
}
