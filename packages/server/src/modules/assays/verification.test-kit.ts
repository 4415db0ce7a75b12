import { expect } from 'vitest';
import type { LabListRow, StaffRole } from '@ayar/contract';
import { signIn } from '../../../test/helpers.ts';
import { publicResults } from '../../../test/results.ts';
import { TYPE, draft, packetSuite, type Lab } from './assays.test-kit.ts';

// Shared by the second verification's test files (verification.test.ts, verification-rules.test.ts, and
// the people helpers by purity-roles.test.ts and staff/staff-statistics.test.ts):
// a lab with two assayers and a counter, its «تأیید دوم عیار», the network's, and what the public and
// the lab's lists see of a packet (ADR 0050).

/** One of a lab's people, signed in: their headers, id, staff code and name as the lists show it. */
export interface Person {
  h: Record<string, string>;
  id: string;
  code: number;
  name: string;
}

/** The lab's own account: the owner, staff code 1, named by the user's full name (ADR 0049). */
const LAB_ACCOUNT_NAME = 'مدیر نمونه';

/** A packet of the lab's customer that queues only the wait SMS when registered. */
export const smsDraft = (l: Lab, n: number, extra: Record<string, unknown> = {}) =>
  draft(l, n, { sendCall: false, ...extra });

/** The network's settings as the admin saves them, with the migration's texts (no template changes). */
const networkSettings = (requireSecondVerification: boolean) => ({
  AccNumber: '6037-9975-1234',
  AccName: 'شبکه آزمایشگاه‌ها',
  price: 2500,
  readySMS: ['نتیجه بسته #d: عیار #c\n#n'],
  waitSMS: ['بسته #d ثبت شد؛ نتیجه حدود #t دقیقه دیگر اعلام می‌شود.\n#n'],
  requireSecondVerification,
});

type Kit = ReturnType<typeof packetSuite>;

/** Adding a lab's people and switching «تأیید دوم عیار», on a packet suite's app (ADR 0049, ADR 0050). */
export function labPeople({ suite, post, newLab }: Kit) {
  let people = 0;

  /** A person of `lab` with `roles`, added by its owner through the API and signed in. */
  async function person(lab: Lab, roles: StaffRole[]): Promise<Person> {
    people += 1;
    const userName = `verifier${people}.lab`;
    const password = 'a-long-secret-9';
    const fullName = `کارمند ${people}`;
    const res = await post('/Staff/Add', lab.h, {
      fullName,
      mobile: `0913000${String(people).padStart(4, '0')}`,
      userName,
      password,
      confirmPassword: password,
      roles,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, staffCode } = res.json().data as { id: string; staffCode: number };
    return { h: await signIn(suite.ctx.app, userName, password), id, code: staffCode, name: fullName };
  }

  /** The lab's own «تأیید دوم عیار», saved by its owner with the lab's other settings unchanged. */
  async function labVerification(lab: Lab, on: boolean): Promise<void> {
    const res = await post('/Account/EditSettings', lab.h, {
      settings: { testType: TYPE, vageType: 1, vage: 50_000, requireSecondVerification: on },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The network's «تأیید دوم عیار», saved by the administrator. */
  async function networkVerification(on: boolean): Promise<void> {
    const res = await post('/Account/AddOrUpdateSystemSetting', suite.admin, networkSettings(on));
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A lab with two assayers (A records, B verifies) and a counter; its setting `verify` (default on). */
  async function staffedLab(verify = true) {
    const lab = await newLab();
    const a = await person(lab, ['assayer']);
    const b = await person(lab, ['assayer']);
    const counter = await person(lab, ['counter']);
    if (verify) await labVerification(lab, true);
    const owner: Person = { h: lab.h, id: lab.id, code: 1, name: LAB_ACCOUNT_NAME };
    return { lab, a, b, counter, owner };
  }

  return { person, labVerification, networkVerification, staffedLab };
}

/** What the lab and the database show of a packet: its ready SMS, signed versions, list rows. */
function packetReaders({ suite, get, messagesOf }: Kit) {
  /** The packet's ready messages (its purity's SMS), apart from the wait SMS of its registration. */
  const readyMessages = async (assayId: string) =>
    (await messagesOf(assayId)).filter((m) => m.text.includes('عیار'));

  /** The packet's signed versions (`result_versions`), oldest first. */
  const versionsOf = (assayId: string) =>
    suite.ctx.db
      .selectFrom('resultVersions')
      .select(['version', 'purity', 'reason'])
      .where('assayId', '=', assayId)
      .orderBy('version')
      .execute();

  /** The packet as the lab's list shows it (`GET /Tests/GetTest`, the list's row). */
  async function rowOf(lab: Lab, id: string): Promise<LabListRow> {
    const res = await get('/Tests/GetTest', lab.h, { testId: id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as LabListRow;
  }

  /** The lab's packets waiting for a second person (`AllTests?awaitingVerification=true`). */
  async function awaiting(h: Record<string, string>): Promise<LabListRow[]> {
    const res = await get('/Tests/AllTests', h, { awaitingVerification: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.list as LabListRow[];
  }

  return { readyMessages, versionsOf, rowOf, awaiting };
}

/** The helpers of one verification test file: `ipPrefix` is its own block of lookup addresses. */
export function verificationSuite(ipPrefix: string) {
  const kit = packetSuite();
  return {
    ...kit,
    ...publicResults(() => kit.suite.ctx.app, ipPrefix),
    ...labPeople(kit),
    ...packetReaders(kit),
  };
}
