import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { RESULT_JWS_TYPES } from '../../packages/contract/src/index.ts';
import { STATUS_LIST_SIZE } from '../../packages/server/src/modules/signing/status-index.lib.ts';
import type { SeedContext } from './seed-shapes.ts';

// Each published packet's current signed result version (ADR 0029, payload v2: ADR 0041), as the
// server's recordResultVersion would have left it: the public lookup reads the version's payload and
// JWS on every call, so a seed without them measures a lookup production never makes.

/**
 * The JWS's protected header as the server's ResultSigner writes it (`alg`, `kid`: a SHA-256 JWK
 * thumbprint, 43 characters, `typ`), base64url-encoded once: every seeded version shares it.
 */
const JWS_HEADER = Buffer.from(
  JSON.stringify({
    alg: 'EdDSA',
    kid: createHash('sha256').update('ayar bench signing key').digest('base64url'),
    typ: RESULT_JWS_TYPES.v2,
  }),
).toString('base64url');

/**
 * base64url without padding, in SQL: PostgreSQL's base64 also breaks lines every 76 characters. replace,
 * not translate, which took 5 of the 11 s that 200,000 versions took here.
 */
const base64url = (bytes: ReturnType<typeof sql>) =>
  sql`replace(replace(replace(replace(encode(${bytes}, 'base64'), chr(10), ''), '+', '-'), '/', '_'), '=', '')`;

/**
 * The payload's JSON without jsonb's spaces after `,` and `:`, as UTF-8: as long as the canonical JSON
 * the server signs (its members in another order). The seed's strings hold no `, "` or `": `.
 */
const compactJson = (payload: ReturnType<typeof sql>) =>
  sql`convert_to(replace(replace(${payload}::text, ', "', ',"'), '": ', '":'), 'UTF8')`;

/** A timestamptz as JavaScript's toISOString writes it: the payload's dates are its strings. */
const iso = (column: string) =>
  sql`to_char(${sql.raw(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The payload's `status` claim for a global status list index (status-index.lib.ts's statusClaim, no PUBLIC_URL). */
const statusClaim = (idx: ReturnType<typeof sql>) =>
  sql`jsonb_build_object('status_list', jsonb_build_object(
        'idx', ${idx} % ${sql.lit(STATUS_LIST_SIZE)},
        'uri', '/status-lists/' || (${idx} / ${sql.lit(STATUS_LIST_SIZE)})))`;

/**
 * A compact JWS of the length the server's would have: the header above, the payload's JSON in
 * base64url and 64 bytes standing in for the Ed25519 signature (a SHA-512 of the payload). It does not
 * verify, and need not: the lookup serves the JWS as stored and never verifies it (the browser does,
 * which no bench measures).
 */
const jws = (bytes: ReturnType<typeof sql>) =>
  sql`${sql.lit(JWS_HEADER)} || '.' || ${base64url(bytes)} || '.' || ${base64url(sql`sha512(${bytes})`)}`;

/** Transactions the version 1s are written in at once: PostgreSQL runs each on one core. */
const PARTS = 2;

/** An INSERT … SELECT in a transaction of its own, as the other phases write (bench data, not ledgers). */
async function insertRows(ctx: SeedContext, statement: ReturnType<typeof sql>): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return Number((await statement.execute(trx)).numAffectedRows ?? 0);
  });
}

/**
 * Version 1, published, of every packet with a purity, at the time its purity was set, by its lab. The
 * payload is resultPayload's (result-versions.service.ts) from the packet's row and its lab's report
 * settings as signedFieldsById reads them: the shown fields null where the lab hides them, grams from
 * milligrams, photos [] (the seed makes none). Status list indexes are `base` + the packet's place in
 * publication order. Set-based: `PARTS` INSERT … SELECTs at once, part k writing the indexes ≡ k.
 */
function firstVersions(base: number, part: number) {
  const flag = (key: string) => sql`((u.settings -> ${sql.lit(key)}) = 'true'::jsonb) is true`;
  const shown = (key: string, value: ReturnType<typeof sql>) => sql`case when ${flag(key)} then ${value} end`;
  return sql`
    insert into result_versions
      (assay_id, version, status, purity, payload, jws, reason, changed_by, created_at, status_idx, changed_at)
    select b.id, 1, 'published', b.purity, b.payload, ${jws(sql`b.bytes`)}, null, b.workshop_id,
           b.purity_at, b.idx, null
    from (
      select p.*, ${compactJson(sql`p.payload`)} as bytes
      from (
        select a.id, a.purity, a.purity_at, a.workshop_id, o.idx,
               jsonb_build_object(
                 'docNumber', a.doc_number,
                 'token', a.public_token,
                 'lab', u.f_name,
                 'labCode', case when btrim(u.reje_code) <> '' then u.reje_code end,
                 'customerName', ${shown('showCustomerNameForReport', sql`coalesce(c.name, a.other_owner_name)`)},
                 'series', r.serial_no,
                 'testType', ${shown('showTypeForReport', sql`t.name`)},
                 'purity', a.purity,
                 'weight', ${shown('showWeightForReport', sql`a.gold_weight_mg::float8 / 1000`)},
                 'sampleWeight', ${shown('showSampleWeightForReport', sql`a.sample_weight_mg::float8 / 1000`)},
                 'readyTime', ${shown('showReadyTimeForReport', sql`a.ready_time`)},
                 'photos', '[]'::jsonb,
                 'registeredAt', ${iso('a.created_at')},
                 'publishedAt', ${iso('a.purity_at')},
                 'iat', floor(extract(epoch from a.purity_at))::bigint,
                 'version', 1,
                 'state', 'published',
                 'reason', null,
                 'status', ${statusClaim(sql`o.idx`)}
               ) as payload
        from (select id, ${sql.lit(base)} + row_number() over (order by purity_at, id) - 1 as idx
              from assays where purity is not null) o
        join assays a on a.id = o.id
        join users u on u.id = a.workshop_id
        left join customers c on c.id = a.customer_id
        left join test_types t on t.id = a.test_type_id
        left join code_ranges r on r.id = a.code_range_id
        where o.idx % ${sql.lit(PARTS)} = ${sql.lit(part)}
        offset 0 -- each payload built once, not once for every place that reads it
      ) p
      offset 0
    ) b`;
}

/**
 * A published packet that was deleted says so, signed (delete-requests.service.ts): version 2, state
 * `deleted`, no purity, at the deletion by the administrator who made it, a correction (changed_at).
 * Its payload is version 1's with the version's own members replaced; its index after every version 1.
 * The lookup never finds these packets: they are here so the table holds what production's would.
 */
function deletions(base: number) {
  return sql`
    insert into result_versions
      (assay_id, version, status, purity, payload, jws, reason, changed_by, created_at, status_idx, changed_at)
    select b.id, 2, 'deleted', null, b.payload, ${jws(sql`b.bytes`)}, null, b.deleted_by, b.deleted_at,
           b.idx, b.deleted_at
    from (
      select p.*, ${compactJson(sql`p.payload`)} as bytes
      from (
        select o.id, o.deleted_at, o.deleted_by, o.idx,
               o.payload || jsonb_build_object(
                 'purity', null,
                 'publishedAt', ${iso('o.deleted_at')},
                 'iat', floor(extract(epoch from o.deleted_at))::bigint,
                 'version', 2,
                 'state', 'deleted',
                 'reason', null,
                 'status', ${statusClaim(sql`o.idx`)}
               ) as payload
        from (select a.id, a.deleted_at, a.deleted_by, v.payload,
                     ${sql.lit(base)} + row_number() over (order by a.deleted_at, a.id) - 1 as idx
              from assays a join result_versions v on v.assay_id = a.id and v.version = 1
              where a.deleted_at is not null) o
        offset 0
      ) p
      offset 0
    ) b`;
}

/**
 * Every packet's current signed version (the packets' result_version, 1 or 2, was written with them).
 * The status list indexes are one block drawn from result_status_idx_seq, numbered in publication
 * order so the same flags give the same rows; the sequence is left past them, where the server's next
 * publication draws.
 */
export async function writeResultVersions(ctx: SeedContext): Promise<number> {
  const drawn = await sql<{ idx: number | string }>`select nextval('result_status_idx_seq') as idx`.execute(
    ctx.db,
  );
  const base = Number(drawn.rows[0]!.idx);
  const parts = await Promise.all(
    Array.from({ length: PARTS }, (_, part) => insertRows(ctx, firstVersions(base, part))),
  );
  const first = parts.reduce((a, b) => a + b, 0);
  const count = first + (await insertRows(ctx, deletions(base + first)));
  await sql`select setval('result_status_idx_seq', ${base + count}, false)`.execute(ctx.db);
  return count;
}
