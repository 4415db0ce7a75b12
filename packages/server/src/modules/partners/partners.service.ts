import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import {
  PARTNER_LIMITS,
  PARTNER_MSG,
  type PartnerKey,
  type PartnerKeyDraft,
  type PartnerScope,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { personOf, type Actor } from '../../lib/actor.ts';
import { plainAddress } from '../../lib/client-address.ts';
import { businessRule, conflict, notFound, validation } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.service.ts';
import * as repo from './partners.repository.ts';

// Partner API keys (ADR 0061): issued, listed and revoked by the administrator; each call with one is
// checked here (hash, revocation, expiry, address) before any partner route runs.

const KEY_PREFIX = 'ayk_';
/** `ayk_` and 32 random bytes in base64url (43 characters). */
const KEY_RE = /^ayk_[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

function stateOf(row: repo.KeyRow, now: Date): PartnerKey['state'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt && row.expiresAt <= now ? 'expired' : 'active';
}

function view(row: repo.KeyRow, now = new Date()): PartnerKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as PartnerScope[],
    allowedAddresses: row.allowedAddresses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    uses: row.uses,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    state: stateOf(row, now),
  };
}

/** `POST /Manage/PartnerKeys`: a new key, answered once; only its hash is kept. */
export async function issueKey(
  db: Database,
  actor: Actor,
  draft: PartnerKeyDraft,
  now = new Date(),
): Promise<{ id: string; key: string }> {
  const expiresAt = draft.expiresAt ? new Date(draft.expiresAt) : null;
  if (
    expiresAt &&
    (expiresAt <= now || expiresAt.getTime() - now.getTime() > PARTNER_LIMITS.maxExpiryDays * DAY_MS)
  )
    throw validation([{ field: 'expiresAt', message: PARTNER_MSG.expiresAt }]);
  if ((await repo.countKeys(db)) >= PARTNER_LIMITS.maxKeys) throw businessRule(PARTNER_MSG.tooManyKeys);
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  const allowedAddresses = draft.allowedAddresses?.length ? draft.allowedAddresses : null;
  const id = await repo.insertKey(db, {
    name: draft.name,
    prefix: key.slice(0, 8),
    keyHash: hashOf(key),
    scopes: [...draft.scopes].sort(),
    allowedAddresses,
    expiresAt,
    createdBy: personOf(actor),
  });
  await writeAudit(db, {
    actorId: personOf(actor),
    action: 'partnerKey.issue',
    entity: 'partnerKey',
    entityId: id,
    after: { name: draft.name, scopes: draft.scopes, expiresAt: draft.expiresAt ?? null, allowedAddresses },
    ip: actor.ip,
  });
  return { id, key };
}

export async function listKeys(db: Database): Promise<PartnerKey[]> {
  const now = new Date();
  return (await repo.listKeys(db)).map((row) => view(row, now));
}

/** `POST /Manage/PartnerKeys/Revoke`: every later call with the key is 401. */
export async function revokeKey(db: Database, actor: Actor, id: string): Promise<PartnerKey> {
  const revoked = await repo.revokeKey(db, id);
  if (!revoked) {
    if (await repo.findKey(db, id)) throw conflict(PARTNER_MSG.alreadyRevoked);
    throw notFound(PARTNER_MSG.notFound);
  }
  await writeAudit(db, {
    actorId: personOf(actor),
    action: 'partnerKey.revoke',
    entity: 'partnerKey',
    entityId: id,
    ip: actor.ip,
  });
  return view(revoked);
}

/** The partner a request's key stands for. */
export interface Partner {
  id: string;
  name: string;
  scopes: readonly PartnerScope[];
}

/** What a key is worth for a call from `ip`: a partner, no key at all (401), or the wrong address (403). */
export type PartnerCheck = { partner: Partner } | 'unauthorized' | 'address';

function addressAllowed(ip: string, allowed: readonly string[]): boolean {
  const list = new net.BlockList();
  for (const entry of allowed) {
    const [address, bits] = entry.split('/');
    const family = net.isIPv6(address!) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(bits), family);
  }
  const { address, family } = plainAddress(ip);
  return list.check(address, family);
}

/**
 * Checks a request's `X-Api-Key` (ADR 0061): a malformed, unknown, revoked or expired key is as no key;
 * a key from an address outside its allowlist is refused; else the call is counted.
 */
export async function checkPartnerKey(
  db: Database,
  key: string | undefined,
  ip: string,
  now = new Date(),
): Promise<PartnerCheck> {
  if (!key || !KEY_RE.test(key)) return 'unauthorized';
  const row = await repo.findByHash(db, hashOf(key));
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return 'unauthorized';
  if (row.allowedAddresses && !addressAllowed(ip, row.allowedAddresses)) return 'address';
  await repo.countUse(db, row.id);
  return { partner: { id: row.id, name: row.name, scopes: row.scopes as PartnerScope[] } };
}
