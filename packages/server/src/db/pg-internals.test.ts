import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { createLab, registerPacket } from '../../test/labs.ts';
import {
  checkPgInternals,
  missingPgInternals,
  pgInternalsAvailable,
  type PgModule,
} from './described-once.ts';

// ADR 0054: the lookup's fast path (ADR 0038, 0039) reaches into pg's private members. The server
// checks them at start; when one is missing it answers the same through pg's plain path, with one
// warning.

let ctx: TestContext;
let docNumber: number;
let address = 0;

/** Describe messages sent on every connection, counted while `counting`. */
const proto = pg.Connection.prototype as unknown as { describe: (...a: unknown[]) => void };
const describe0 = proto.describe;
let describes = 0;

beforeAll(async () => {
  proto.describe = function (this: unknown, ...a: unknown[]) {
    describes++;
    describe0.apply(this, a);
  };
  ctx = await createTestApp();
  const lab = await createLab(ctx);
  docNumber = lab.from;
  await registerPacket(ctx.app, lab, docNumber, { purity: 750 });
});
afterAll(async () => {
  proto.describe = describe0;
  await ctx.close();
});

/** The public lookup of the packet, from a new address each time (it is limited per address). */
async function lookup(): Promise<unknown> {
  address++;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1.0/Tests/Result',
    payload: { code: docNumber },
    remoteAddress: `10.54.${address >> 8}.${address & 255}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A logger that keeps its warnings. */
function recorder() {
  const warnings: { obj: object; msg: string }[] = [];
  return { warnings, warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };
}

describe("pg's private members", () => {
  it('are all there in the pinned pg, and the fast path is on', () => {
    expect(missingPgInternals()).toEqual([]);
    expect(pgInternalsAvailable()).toBe(true);
    const log = recorder();
    expect(checkPgInternals(log)).toBe(true);
    expect(log.warnings).toEqual([]);
  });

  it('a stand-in without them is reported member by member', () => {
    class Bare {}
    const bare = { Query: Bare, Connection: Bare } as unknown as PgModule;
    expect(missingPgInternals(bare)).toEqual([
      'Query.prepare()',
      'Query.hasBeenParsed()',
      'Query.handleRowDescription()',
      'Query.handleError()',
      'Query._result',
      'Connection.describe()',
      'Connection.parsedStatements',
      'Connection.submittedNamedStatements',
    ]);
    // A Query whose rows are accumulated under another name (as a later pg might rename it).
    type Internals = Record<string, unknown> & { handleRowDescription(msg: unknown): void };
    class Renamed extends (pg.Query as unknown as new (t: string) => Internals) {
      override handleRowDescription(msg: unknown) {
        super.handleRowDescription(msg);
        delete this._accumulateRows;
      }
    }
    expect(missingPgInternals({ Query: Renamed, Connection: pg.Connection } as unknown as PgModule)).toEqual([
      'Query._accumulateRows',
    ]);
  });

  it('one hidden: the lookup answers the same through the plain path, with one warning', async () => {
    expect(checkPgInternals(recorder())).toBe(true);
    const fast = await lookup();
    describes = 0;
    expect(await lookup()).toEqual(fast);
    // Described once per connection: a warm connection sends no Describe for it.
    expect(describes).toBe(0);

    const queryProto = pg.Query.prototype as unknown as Record<string, unknown>;
    const hasBeenParsed = queryProto.hasBeenParsed;
    delete queryProto.hasBeenParsed;
    const log = recorder();
    try {
      expect(checkPgInternals(log)).toBe(false);
    } finally {
      queryProto.hasBeenParsed = hasBeenParsed;
    }
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]!.obj).toEqual({ missing: ['Query.hasBeenParsed()'] });
    expect(log.warnings[0]!.msg).toContain('plain queries, the same rows but slower');

    describes = 0;
    for (let i = 0; i < 5; i++) expect(await lookup()).toEqual(fast);
    // pg's plain path describes every run: proof that it, not the fast path, answered.
    expect(describes).toBeGreaterThanOrEqual(5);
    // Checked again (another start in the same process, say): still one warning in all.
    delete queryProto.hasBeenParsed;
    try {
      expect(checkPgInternals(log)).toBe(false);
    } finally {
      queryProto.hasBeenParsed = hasBeenParsed;
    }
    expect(log.warnings).toHaveLength(1);

    // And back: with the member there again, the fast path answers.
    expect(checkPgInternals(log)).toBe(true);
    await lookup();
    describes = 0;
    expect(await lookup()).toEqual(fast);
    expect(describes).toBe(0);
  });
});
