import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { StaffRole } from '@ayar/contract';
import type {
  CodeDeviceUsesTable,
  CodeDevicesTable,
  CodeReservationsTable,
  IdempotencyKeysTable,
} from './schema-offline.ts';
import type { AssayEvidenceTable, AssayImportsTable, ImportMappingsTable } from './schema-imports.ts';
import type { PartnerKeysTable, PartnerWebhooksTable, WebhookDeliveriesTable } from './schema-partners.ts';

/** Kysely's view of the tables in migrations/ (camelCase; the CamelCasePlugin maps to snake_case). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json = ColumnType<unknown, string | undefined | null, string | null>;

export interface FilesTable {
  id: Generated<string>;
  /** `import`: an instrument's results file, kept as evidence (migration 0026, ADR 0059). */
  kind: 'photo' | 'audio' | 'import';
  storageKey: string;
  thumbnailKey: string | null;
  mime: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  ownerId: string | null;
  /** SHA-256 (hex) of the stored original; null for photos stored before migration 0018 (ADR 0041). */
  sha256: string | null;
  createdAt: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  username: string;
  passwordHash: string;
  /** `staff`: one of a lab's people (ADR 0049), under `labId`; the lab account is the lab's owner. */
  role: 'admin' | 'workshop' | 'staff';
  fName: Generated<string>;
  fullName: Generated<string>;
  cellPhone: string | null;
  phone: string | null;
  address: string | null;
  rejeCode: string | null;
  nationalId: string | null;
  workshopCode: Generated<number | null>;
  isPublicUser: Generated<boolean>;
  isLabOwner: Generated<boolean>;
  status: Generated<0 | 1 | 5 | 9>;
  settings: Json;
  audioFileId: string | null;
  sessionVersion: Generated<number>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  /** A staff member's lab (ADR 0049); null for labs and the administrator. */
  labId: string | null;
  /** A staff member's roles; the lab account is always `owner`. */
  staffRoles: StaffRole[] | null;
  /** A staff member's code in the lab, from 2 (the lab account is 1), never reused. */
  staffCode: number | null;
}

export interface SessionsTable {
  id: Generated<string>;
  userId: string;
  createdAt: Generated<Date>;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  ip: string | null;
  userAgent: string | null;
}

export interface OtpCodesTable {
  id: Generated<string>;
  userId: string;
  codeHash: string;
  attempts: Generated<number>;
  createdAt: Generated<Date>;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
}

export interface TestTypesTable {
  id: string;
  name: string;
  sort: number;
}

export interface CustomersTable {
  id: Generated<string>;
  workshopId: string;
  code: number;
  name: string;
  mobile1: string | null;
  mobile2: string | null;
  mobile3: string | null;
  phone: string | null;
  description: string | null;
  settings: Json;
  /** Generated (migration 0002): the Persian-normalised name that customer search matches. */
  searchKey: ColumnType<string, never, never>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  deletedAt: NullableTimestamp;
}

export interface CodeRangesTable {
  id: Generated<string>;
  workshopId: string;
  fromCode: number;
  toCode: number;
  count: ColumnType<number, never, never>;
  serialNo: Generated<number>;
  pricePerCode: Generated<number>;
  nextCode: number;
  createdBy: string | null;
  createdAt: Generated<Date>;
}

export interface AssaysTable {
  id: Generated<string>;
  workshopId: string;
  customerId: string | null;
  otherOwnerName: string | null;
  /** Generated (migration 0009): the owner name normalised like customers' `searchKey`. */
  otherOwnerKey: ColumnType<string | null, never, never>;
  otherOwnerMobile: string | null;
  testTypeId: string | null;
  docNumber: number;
  codeRangeId: string | null;
  purity: number | null;
  readyTime: number | null;
  sampleWeightMg: number | null;
  goldWeightMg: number | null;
  feeType: Generated<0 | 1>;
  feeToman: Generated<number>;
  feeGoldMg: Generated<number>;
  title: Generated<boolean>;
  description: string | null;
  displayType: number | null;
  sendSms: Generated<boolean>;
  sendCall: Generated<boolean>;
  platform: Generated<string>;
  publicToken: string;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  purityAt: NullableTimestamp;
  purityUpdatedAt: NullableTimestamp;
  deleteRequestedAt: NullableTimestamp;
  deleteRequestedBy: string | null;
  /** The admin's answer «no» to the last request (migration 0011); cleared when the lab asks again. */
  deleteDeclinedAt: NullableTimestamp;
  deleteDeclinedBy: string | null;
  deleteDeclineReason: string | null;
  deletedAt: NullableTimestamp;
  deletedBy: string | null;
  /** The current signed version of the result (migration 0015); null until a purity is published. */
  resultVersion: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who recorded the published purity, and who verified it (migration 0023, ADR 0050). */
  purityBy: string | null;
  verifiedBy: string | null;
  /** A purity waiting for its second person: not public, no message, not signed (ADR 0050). */
  pendingPurity: number | null;
  pendingBy: string | null;
  pendingAt: NullableTimestamp;
  /** The correction's reason, kept until the correction is verified. */
  pendingReason: string | null;
  /** Why the verifier sent the last purity back, for the assayer. */
  returnedReason: string | null;
  returnedBy: string | null;
  returnedAt: NullableTimestamp;
  /** How the published purity was measured, and the instrument of an import (migration 0025, ADR 0059). */
  purityMethod: PurityMethod | null;
  purityInstrument: string | null;
  /** The same of a purity waiting for its second person, published with it. */
  pendingMethod: PurityMethod | null;
  pendingInstrument: string | null;
}

type PurityMethod = 'typed' | 'xrf' | 'fire';

/** A fire assay's two determinations and proof, within tolerance (purity set) or not (null). */
export interface FireAssaysTable {
  id: Generated<number>;
  assayId: string;
  first: number;
  second: number;
  /** The proof result in tenths of a per mille (0–10000), or null. */
  proofTenths: number | null;
  tolerance: number;
  rule: 'meanDown' | 'meanRound' | 'lower';
  purity: number | null;
  createdBy: string | null;
  createdAt: Generated<Date>;
}

export interface AssayImagesTable {
  assayId: string;
  fileId: string;
  position: Generated<number>;
}

export interface PaymentsTable {
  id: Generated<string>;
  workshopId: string;
  customerId: string;
  type: 1 | 2;
  goldMg: Generated<number>;
  moneyToman: Generated<number>;
  description: string | null;
  paidOn: Generated<string>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  deletedAt: NullableTimestamp;
}

export interface CreditsTable {
  id: Generated<string>;
  workshopId: string;
  amount: number;
  trackingCode: string;
  account: string;
  paidOn: string | null;
  status: Generated<0 | 1 | 2>;
  decidedBy: string | null;
  decidedAt: NullableTimestamp;
  createdAt: Generated<Date>;
}

export interface SystemSettingsTable {
  key: string;
  value: Generated<string>;
  updatedBy: string | null;
  updatedAt: Generated<Date>;
}

export interface MessagesTable {
  id: Generated<string>;
  workshopId: string | null;
  assayId: string | null;
  toNumber: string;
  kind: 'sms' | 'call';
  text: string;
  purpose: Generated<'notify' | 'otp'>;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  nextAttemptAt: Generated<Date>;
  provider: string | null;
  providerId: string | null;
  error: string | null;
  createdAt: Generated<Date>;
  sentAt: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: Json;
  after: Json;
  ip: string | null;
  at: Generated<Date>;
}

export interface BackupRunsTable {
  id: Generated<number>;
  trigger: 'schedule' | 'manual';
  /** The scheduled instant this run made (unique: one node per slot); null for `npm run backup`. */
  slot: ColumnType<Date | null, Date | null | undefined, Date | null>;
  host: string;
  startedAt: Generated<Date>;
  finishedAt: NullableTimestamp;
  /** Null while it runs. */
  ok: boolean | null;
  file: string | null;
  bytes: number | null;
  error: string | null;
  /** Migration 0024 (ADR 0053): how, the whole file's SHA-256, progress, the off-site copy. */
  method: 'pg_dump' | 'copy' | null;
  sha256: string | null;
  /** `BackupProgress` while it runs (jsonb). */
  progress: ColumnType<unknown, string | null, string | null>;
  offsiteState: 'uploading' | 'ok' | 'failed' | null;
  offsiteKey: string | null;
  offsiteAt: NullableTimestamp;
  offsiteEncrypted: Generated<boolean>;
  offsiteError: string | null;
}

export interface BackupProgress {
  step: 'database' | 'files' | 'check' | 'upload';
  done: number;
  total: number | null;
}

export interface BackupScheduleTable {
  id: Generated<boolean>;
  every: string;
  keep: number;
  dir: string;
  nextAt: NullableTimestamp;
  updatedAt: Generated<Date>;
}

/** The public half of every key that ever signed a result (migration 0013, ADR 0029). */
export interface ResultSigningKeysTable {
  kid: string;
  publicJwk: ColumnType<unknown, string, string>;
  createdAt: Generated<Date>;
  /** From when nothing is signed with it (migration 0019, ADR 0042); null: in service. */
  retiredAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  retireReason: string | null;
}

/** Result lookups by SMS, one row per provider message id (migration 0014). */
export interface SmsLookupsTable {
  messageId: string;
  sender: string;
  docNumber: number | null;
  answered: boolean;
  receivedAt: Generated<Date>;
}

/** One published state of a result, signed (migration 0015, ADR 0029). */
export interface ResultVersionsTable {
  assayId: string;
  version: number;
  status: 'published' | 'withdrawn' | 'deleted';
  purity: number | null;
  payload: ColumnType<unknown, string, never>;
  jws: string;
  reason: string | null;
  changedBy: string | null;
  createdAt: Generated<Date>;
  /** Global index in the status lists, v2 versions only (migration 0018, ADR 0041). */
  statusIdx: ColumnType<number | null, number | null | undefined, never>;
  /** When the result was last corrected as the public reads it; null: never (ADR 0041). */
  changedAt: ColumnType<Date | null, Date | null | undefined, never>;
  /** The people of this version's purity (migration 0023, ADR 0050). */
  purityBy: ColumnType<string | null, string | null | undefined, never>;
  verifiedBy: ColumnType<string | null, string | null | undefined, never>;
}

export interface DB {
  files: FilesTable;
  users: UsersTable;
  sessions: SessionsTable;
  otpCodes: OtpCodesTable;
  testTypes: TestTypesTable;
  customers: CustomersTable;
  codeRanges: CodeRangesTable;
  assays: AssaysTable;
  assayImages: AssayImagesTable;
  payments: PaymentsTable;
  credits: CreditsTable;
  systemSettings: SystemSettingsTable;
  messages: MessagesTable;
  auditLog: AuditLogTable;
  backupRuns: BackupRunsTable;
  backupSchedule: BackupScheduleTable;
  resultSigningKeys: ResultSigningKeysTable;
  smsLookups: SmsLookupsTable;
  resultVersions: ResultVersionsTable;
  idempotencyKeys: IdempotencyKeysTable;
  codeReservations: CodeReservationsTable;
  codeDevices: CodeDevicesTable;
  codeDeviceUses: CodeDeviceUsesTable;
  fireAssays: FireAssaysTable;
  importMappings: ImportMappingsTable;
  partnerKeys: PartnerKeysTable;
  partnerWebhooks: PartnerWebhooksTable;
  webhookDeliveries: WebhookDeliveriesTable;
  assayImports: AssayImportsTable;
  assayEvidence: AssayEvidenceTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
