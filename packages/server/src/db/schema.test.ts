import { sql, type InsertType, type SelectType } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

// `schema.ts` (Kysely's view of the tables) must say what the migrations made. The list below is checked
// twice: the compiler holds it to the `DB` interface (every table and column, no more; a database type that
// fits the TypeScript one; nullability as the interface says; generated columns where the interface refuses
// inserts), and this test to a freshly migrated database (the template every server test file clones). A
// migration without its `schema.ts` change, or the reverse, fails one or the other.

/** The PostgreSQL types (`udt_name`) a column of this TypeScript type may have. */
type PgType<T> = T extends boolean
  ? 'bool'
  : T extends number
    ? 'int2' | 'int4' | 'int8' | 'numeric'
    : T extends string
      ? 'text' | 'varchar' | 'uuid' | 'date' | 'inet'
      : T extends Date
        ? 'timestamptz' | 'timestamp'
        : T extends readonly string[]
          ? '_text'
          : never;

/** A column as the interface types it. JSON is read as `unknown`: its nullability is the insert's. */
type ColumnOf<C> = (unknown extends SelectType<C>
  ? { type: 'jsonb' | 'json'; nullable: null extends InsertType<C> ? true : false }
  : { type: PgType<NonNullable<SelectType<C>>>; nullable: null extends SelectType<C> ? true : false }) &
  ([InsertType<C>] extends [never] ? { generated: true } : { generated?: never });

type Schema = { [T in keyof DB]: { [C in keyof DB[T]]-?: ColumnOf<DB[T][C]> } };

/** Every table of `DB` and its columns, as a freshly migrated database has them. */
const SCHEMA: Schema = {
  files: {
    id: { type: 'uuid', nullable: false },
    kind: { type: 'text', nullable: false },
    storageKey: { type: 'text', nullable: false },
    thumbnailKey: { type: 'text', nullable: true },
    mime: { type: 'text', nullable: false },
    sizeBytes: { type: 'int4', nullable: false },
    width: { type: 'int4', nullable: true },
    height: { type: 'int4', nullable: true },
    ownerId: { type: 'uuid', nullable: true },
    sha256: { type: 'text', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
  },
  users: {
    id: { type: 'uuid', nullable: false },
    username: { type: 'text', nullable: false },
    passwordHash: { type: 'text', nullable: false },
    role: { type: 'text', nullable: false },
    fName: { type: 'text', nullable: false },
    fullName: { type: 'text', nullable: false },
    cellPhone: { type: 'text', nullable: true },
    phone: { type: 'text', nullable: true },
    address: { type: 'text', nullable: true },
    rejeCode: { type: 'text', nullable: true },
    nationalId: { type: 'text', nullable: true },
    workshopCode: { type: 'int8', nullable: true },
    isPublicUser: { type: 'bool', nullable: false },
    isLabOwner: { type: 'bool', nullable: false },
    status: { type: 'int2', nullable: false },
    settings: { type: 'jsonb', nullable: true },
    audioFileId: { type: 'uuid', nullable: true },
    sessionVersion: { type: 'int4', nullable: false },
    createdAt: { type: 'timestamptz', nullable: false },
    updatedAt: { type: 'timestamptz', nullable: false },
    labId: { type: 'uuid', nullable: true },
    staffRoles: { type: '_text', nullable: true },
    staffCode: { type: 'int2', nullable: true },
  },
  sessions: {
    id: { type: 'uuid', nullable: false },
    userId: { type: 'uuid', nullable: false },
    createdAt: { type: 'timestamptz', nullable: false },
    expiresAt: { type: 'timestamptz', nullable: false },
    revokedAt: { type: 'timestamptz', nullable: true },
    ip: { type: 'text', nullable: true },
    userAgent: { type: 'text', nullable: true },
  },
  otpCodes: {
    id: { type: 'uuid', nullable: false },
    userId: { type: 'uuid', nullable: false },
    codeHash: { type: 'text', nullable: false },
    attempts: { type: 'int2', nullable: false },
    createdAt: { type: 'timestamptz', nullable: false },
    expiresAt: { type: 'timestamptz', nullable: false },
    usedAt: { type: 'timestamptz', nullable: true },
  },
  testTypes: {
    id: { type: 'uuid', nullable: false },
    name: { type: 'text', nullable: false },
    sort: { type: 'int2', nullable: false },
  },
  customers: {
    id: { type: 'uuid', nullable: false },
    workshopId: { type: 'uuid', nullable: false },
    code: { type: 'int4', nullable: false },
    name: { type: 'text', nullable: false },
    mobile1: { type: 'text', nullable: true },
    mobile2: { type: 'text', nullable: true },
    mobile3: { type: 'text', nullable: true },
    phone: { type: 'text', nullable: true },
    description: { type: 'text', nullable: true },
    settings: { type: 'jsonb', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
    updatedAt: { type: 'timestamptz', nullable: false },
    deletedAt: { type: 'timestamptz', nullable: true },
    searchKey: { type: 'text', nullable: false, generated: true },
  },
  codeRanges: {
    id: { type: 'uuid', nullable: false },
    workshopId: { type: 'uuid', nullable: false },
    fromCode: { type: 'int8', nullable: false },
    toCode: { type: 'int8', nullable: false },
    count: { type: 'int4', nullable: false, generated: true },
    serialNo: { type: 'int4', nullable: false },
    pricePerCode: { type: 'int8', nullable: false },
    nextCode: { type: 'int8', nullable: false },
    createdBy: { type: 'uuid', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
  },
  assays: {
    id: { type: 'uuid', nullable: false },
    workshopId: { type: 'uuid', nullable: false },
    customerId: { type: 'uuid', nullable: true },
    otherOwnerName: { type: 'text', nullable: true },
    otherOwnerMobile: { type: 'text', nullable: true },
    testTypeId: { type: 'uuid', nullable: true },
    docNumber: { type: 'int8', nullable: false },
    codeRangeId: { type: 'uuid', nullable: true },
    purity: { type: 'int2', nullable: true },
    readyTime: { type: 'int4', nullable: true },
    sampleWeightMg: { type: 'int8', nullable: true },
    goldWeightMg: { type: 'int8', nullable: true },
    feeType: { type: 'int2', nullable: false },
    feeToman: { type: 'int8', nullable: false },
    feeGoldMg: { type: 'int8', nullable: false },
    title: { type: 'bool', nullable: false },
    description: { type: 'text', nullable: true },
    displayType: { type: 'int2', nullable: true },
    sendSms: { type: 'bool', nullable: false },
    sendCall: { type: 'bool', nullable: false },
    platform: { type: 'text', nullable: false },
    publicToken: { type: 'text', nullable: false },
    createdBy: { type: 'uuid', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
    updatedAt: { type: 'timestamptz', nullable: false },
    purityAt: { type: 'timestamptz', nullable: true },
    purityUpdatedAt: { type: 'timestamptz', nullable: true },
    deleteRequestedAt: { type: 'timestamptz', nullable: true },
    deleteRequestedBy: { type: 'uuid', nullable: true },
    deletedAt: { type: 'timestamptz', nullable: true },
    deletedBy: { type: 'uuid', nullable: true },
    otherOwnerKey: { type: 'text', nullable: true, generated: true },
    deleteDeclinedAt: { type: 'timestamptz', nullable: true },
    deleteDeclinedBy: { type: 'uuid', nullable: true },
    deleteDeclineReason: { type: 'text', nullable: true },
    resultVersion: { type: 'int4', nullable: true },
    purityBy: { type: 'uuid', nullable: true },
    verifiedBy: { type: 'uuid', nullable: true },
    pendingPurity: { type: 'int2', nullable: true },
    pendingBy: { type: 'uuid', nullable: true },
    pendingAt: { type: 'timestamptz', nullable: true },
    pendingReason: { type: 'text', nullable: true },
    returnedReason: { type: 'text', nullable: true },
    returnedBy: { type: 'uuid', nullable: true },
    returnedAt: { type: 'timestamptz', nullable: true },
    purityMethod: { type: 'text', nullable: true },
    purityInstrument: { type: 'text', nullable: true },
    pendingMethod: { type: 'text', nullable: true },
    pendingInstrument: { type: 'text', nullable: true },
  },
  assayImages: {
    assayId: { type: 'uuid', nullable: false },
    fileId: { type: 'uuid', nullable: false },
    position: { type: 'int2', nullable: false },
  },
  payments: {
    id: { type: 'uuid', nullable: false },
    workshopId: { type: 'uuid', nullable: false },
    customerId: { type: 'uuid', nullable: false },
    type: { type: 'int2', nullable: false },
    goldMg: { type: 'int8', nullable: false },
    moneyToman: { type: 'int8', nullable: false },
    description: { type: 'text', nullable: true },
    paidOn: { type: 'date', nullable: false },
    createdBy: { type: 'uuid', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
    deletedAt: { type: 'timestamptz', nullable: true },
  },
  credits: {
    id: { type: 'uuid', nullable: false },
    workshopId: { type: 'uuid', nullable: false },
    amount: { type: 'int8', nullable: false },
    trackingCode: { type: 'text', nullable: false },
    account: { type: 'text', nullable: false },
    paidOn: { type: 'date', nullable: true },
    status: { type: 'int2', nullable: false },
    decidedBy: { type: 'uuid', nullable: true },
    decidedAt: { type: 'timestamptz', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
  },
  systemSettings: {
    key: { type: 'text', nullable: false },
    value: { type: 'text', nullable: false },
    updatedBy: { type: 'uuid', nullable: true },
    updatedAt: { type: 'timestamptz', nullable: false },
  },
  messages: {
    id: { type: 'uuid', nullable: false },
    workshopId: { type: 'uuid', nullable: true },
    assayId: { type: 'uuid', nullable: true },
    toNumber: { type: 'text', nullable: false },
    kind: { type: 'text', nullable: false },
    text: { type: 'text', nullable: false },
    status: { type: 'text', nullable: false },
    attempts: { type: 'int2', nullable: false },
    nextAttemptAt: { type: 'timestamptz', nullable: false },
    provider: { type: 'text', nullable: true },
    providerId: { type: 'text', nullable: true },
    error: { type: 'text', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
    sentAt: { type: 'timestamptz', nullable: true },
    purpose: { type: 'text', nullable: false },
  },
  auditLog: {
    id: { type: 'int8', nullable: false },
    actorId: { type: 'uuid', nullable: true },
    action: { type: 'text', nullable: false },
    entity: { type: 'text', nullable: false },
    entityId: { type: 'text', nullable: true },
    before: { type: 'jsonb', nullable: true },
    after: { type: 'jsonb', nullable: true },
    ip: { type: 'text', nullable: true },
    at: { type: 'timestamptz', nullable: false },
  },
  backupRuns: {
    id: { type: 'int8', nullable: false },
    trigger: { type: 'text', nullable: false },
    slot: { type: 'timestamptz', nullable: true },
    host: { type: 'text', nullable: false },
    startedAt: { type: 'timestamptz', nullable: false },
    finishedAt: { type: 'timestamptz', nullable: true },
    ok: { type: 'bool', nullable: true },
    file: { type: 'text', nullable: true },
    bytes: { type: 'int8', nullable: true },
    error: { type: 'text', nullable: true },
    method: { type: 'text', nullable: true },
    sha256: { type: 'text', nullable: true },
    progress: { type: 'jsonb', nullable: true },
    offsiteState: { type: 'text', nullable: true },
    offsiteKey: { type: 'text', nullable: true },
    offsiteAt: { type: 'timestamptz', nullable: true },
    offsiteEncrypted: { type: 'bool', nullable: false },
    offsiteError: { type: 'text', nullable: true },
  },
  backupSchedule: {
    id: { type: 'bool', nullable: false },
    every: { type: 'text', nullable: false },
    keep: { type: 'int4', nullable: false },
    dir: { type: 'text', nullable: false },
    nextAt: { type: 'timestamptz', nullable: true },
    updatedAt: { type: 'timestamptz', nullable: false },
  },
  resultSigningKeys: {
    kid: { type: 'text', nullable: false },
    publicJwk: { type: 'jsonb', nullable: false },
    createdAt: { type: 'timestamptz', nullable: false },
    retiredAt: { type: 'timestamptz', nullable: true },
    retireReason: { type: 'text', nullable: true },
  },
  smsLookups: {
    messageId: { type: 'text', nullable: false },
    sender: { type: 'text', nullable: false },
    docNumber: { type: 'int8', nullable: true },
    answered: { type: 'bool', nullable: false },
    receivedAt: { type: 'timestamptz', nullable: false },
  },
  resultVersions: {
    assayId: { type: 'uuid', nullable: false },
    version: { type: 'int4', nullable: false },
    status: { type: 'text', nullable: false },
    purity: { type: 'int4', nullable: true },
    payload: { type: 'jsonb', nullable: false },
    jws: { type: 'text', nullable: false },
    reason: { type: 'text', nullable: true },
    changedBy: { type: 'uuid', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
    statusIdx: { type: 'int8', nullable: true },
    changedAt: { type: 'timestamptz', nullable: true },
    purityBy: { type: 'uuid', nullable: true },
    verifiedBy: { type: 'uuid', nullable: true },
  },
  idempotencyKeys: {
    userId: { type: 'uuid', nullable: false },
    key: { type: 'text', nullable: false },
    requestHash: { type: 'text', nullable: false },
    response: { type: 'jsonb', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
  },
  codeReservations: {
    id: { type: 'uuid', nullable: false },
    workshopId: { type: 'uuid', nullable: false },
    deviceId: { type: 'text', nullable: true },
    fromCode: { type: 'int8', nullable: false },
    toCode: { type: 'int8', nullable: false },
    createdAt: { type: 'timestamptz', nullable: false },
  },
  codeDevices: {
    workshopId: { type: 'uuid', nullable: false },
    deviceId: { type: 'text', nullable: false },
    lastSeenAt: { type: 'timestamptz', nullable: false },
  },
  codeDeviceUses: {
    workshopId: { type: 'uuid', nullable: false },
    deviceId: { type: 'text', nullable: false },
    usedAt: { type: 'timestamptz', nullable: false },
    count: { type: 'int4', nullable: false },
  },
  fireAssays: {
    id: { type: 'int8', nullable: false },
    assayId: { type: 'uuid', nullable: false },
    first: { type: 'int2', nullable: false },
    second: { type: 'int2', nullable: false },
    proofTenths: { type: 'int2', nullable: true },
    tolerance: { type: 'int2', nullable: false },
    rule: { type: 'text', nullable: false },
    purity: { type: 'int2', nullable: true },
    createdBy: { type: 'uuid', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
  },
  importMappings: {
    id: { type: 'uuid', nullable: false },
    workshopId: { type: 'uuid', nullable: false },
    name: { type: 'text', nullable: false },
    instrument: { type: 'text', nullable: false },
    sampleColumn: { type: 'text', nullable: false },
    goldColumn: { type: 'text', nullable: false },
    goldUnit: { type: 'text', nullable: false },
    stripPrefix: { type: 'text', nullable: true },
    stripSuffix: { type: 'text', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
  },
  assayImports: {
    id: { type: 'uuid', nullable: false },
    workshopId: { type: 'uuid', nullable: false },
    fileId: { type: 'uuid', nullable: false },
    fileName: { type: 'text', nullable: false },
    instrument: { type: 'text', nullable: false },
    rows: { type: 'jsonb', nullable: false },
    createdBy: { type: 'uuid', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
    appliedAt: { type: 'timestamptz', nullable: true },
  },
  assayEvidence: {
    id: { type: 'int8', nullable: false },
    assayId: { type: 'uuid', nullable: false },
    importId: { type: 'uuid', nullable: false },
    row: { type: 'int4', nullable: false },
    purity: { type: 'int2', nullable: false },
    createdBy: { type: 'uuid', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
  },
  partnerKeys: {
    id: { type: 'uuid', nullable: false },
    name: { type: 'text', nullable: false },
    prefix: { type: 'text', nullable: false },
    keyHash: { type: 'text', nullable: false },
    scopes: { type: '_text', nullable: false },
    allowedAddresses: { type: '_text', nullable: true },
    expiresAt: { type: 'timestamptz', nullable: true },
    createdBy: { type: 'uuid', nullable: true },
    createdAt: { type: 'timestamptz', nullable: false },
    revokedAt: { type: 'timestamptz', nullable: true },
    uses: { type: 'int4', nullable: false },
    lastUsedAt: { type: 'timestamptz', nullable: true },
  },
  partnerWebhooks: {
    id: { type: 'uuid', nullable: false },
    keyId: { type: 'uuid', nullable: false },
    url: { type: 'text', nullable: false },
    secret: { type: 'text', nullable: false },
    createdAt: { type: 'timestamptz', nullable: false },
    deletedAt: { type: 'timestamptz', nullable: true },
  },
  webhookDeliveries: {
    id: { type: 'uuid', nullable: false },
    webhookId: { type: 'uuid', nullable: false },
    eventType: { type: 'text', nullable: false },
    body: { type: 'text', nullable: false },
    createdAt: { type: 'timestamptz', nullable: false },
    giveUpAt: { type: 'timestamptz', nullable: false },
    nextAttemptAt: { type: 'timestamptz', nullable: false },
    claimedUntil: { type: 'timestamptz', nullable: true },
    attempts: { type: 'int4', nullable: false },
    lastStatus: { type: 'int4', nullable: true },
    lastError: { type: 'text', nullable: true },
    deliveredAt: { type: 'timestamptz', nullable: true },
    failedAt: { type: 'timestamptz', nullable: true },
  },
};

/** Tables the migrations make that Kysely does not type: read through SQL, or Kysely's own. */
const UNTYPED_TABLES = [
  'assay_day_counts',
  'customer_assay_counts',
  'other_owner_counts',
  'result_status_revoked',
  'kysely_migration',
  'kysely_migration_lock',
];

/** The CamelCasePlugin's mapping of a property to its column (`fName` → `f_name`, `mobile1` stays). */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A row of `information_schema.columns`: `is_nullable` is YES or NO, `is_generated` ALWAYS or NEVER. */
type ColumnRow = Record<'tableName' | 'columnName' | 'udtName' | 'isNullable' | 'isGenerated', string>;

interface DatabaseColumn {
  type: string;
  nullable: boolean;
  generated?: true;
}

/** What the database should report for a listed column: PostgreSQL marks no generated column NOT NULL. */
const asMigrated = (c: { type: string; nullable: boolean; generated?: true }): DatabaseColumn =>
  c.generated ? { type: c.type, nullable: true, generated: true } : { type: c.type, nullable: c.nullable };

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe('db/schema.ts and the migrations', () => {
  it('every table and column of the migrated database is typed, with its type and nullability', async () => {
    const { rows } = await sql<ColumnRow>`
      select table_name, column_name, udt_name, is_nullable, is_generated
      from information_schema.columns
      where table_schema = 'public'
      order by table_name, ordinal_position`.execute(db);
    const migrated: Record<string, Record<string, DatabaseColumn>> = {};
    for (const r of rows) {
      if (UNTYPED_TABLES.includes(r.tableName)) continue;
      (migrated[r.tableName] ??= {})[r.columnName] = {
        type: r.udtName,
        nullable: r.isNullable === 'YES',
        ...(r.isGenerated === 'ALWAYS' ? { generated: true as const } : {}),
      };
    }
    const listed = Object.fromEntries(
      Object.entries(SCHEMA).map(([table, columns]) => [
        snakeCase(table),
        Object.fromEntries(
          Object.entries(columns).map(([column, c]: [string, DatabaseColumn]) => [
            snakeCase(column),
            asMigrated(c),
          ]),
        ),
      ]),
    );
    expect(migrated).toEqual(listed);
  });
});
