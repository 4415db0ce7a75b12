import { describe, expect, it } from 'vitest';
import { STAFF_MSG, type StaffStatisticsRow } from '@ayar/contract';
import { draft, packetSuite } from '../assays/assays.test-kit.ts';
import { labPeople } from '../assays/verification.test-kit.ts';

// Purities per person (ADR 0050): counted from the signed versions, for the owner and the admin.

const kit = packetSuite();
const { suite, post, get, add, newLab } = kit;
const { person, labVerification } = labPeople(kit);

const rowOf = (list: StaffStatisticsRow[], id: string) => list.find((r) => r.id === id)!;

describe('purities per person', () => {
  it('counts recorded, corrected (by and of), verified and withdrawn per person, in the period', async () => {
    const lab = await newLab();
    const a = await person(lab, ['assayer']);
    const b = await person(lab, ['assayer']);
    const [p1, p2, p3] = await add(lab, [
      draft(lab, lab.from),
      draft(lab, lab.from + 1),
      draft(lab, lab.from + 2),
    ]);
    // A records three; B corrects one of A's; the admin withdraws another of A's.
    for (const p of [p1!, p2!, p3!]) {
      expect((await post('/Tests/AddCutting', a.h, [{ id: p.id, cutting: 750 }])).statusCode).toBe(200);
    }
    const corrected = await post('/Tests/AddCutting', b.h, [
      { id: p1!.id, cutting: 740, reason: 'خطای خواندن' },
    ]);
    expect(corrected.statusCode, corrected.body).toBe(200);
    const withdrawn = await post('/Manage/WithdrawResult', suite.admin, {
      id: p2!.id,
      reason: 'نمونه اشتباه',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    // With the second verification on, B verifies a fourth purity recorded by A.
    await labVerification(lab, true);
    const [p4] = await add(lab, [draft(lab, lab.from + 3)]);
    expect((await post('/Tests/AddCutting', a.h, [{ id: p4!.id, cutting: 875 }])).statusCode).toBe(200);
    const ok = await post('/Tests/VerifyCutting', b.h, [{ id: p4!.id, accept: true }]);
    expect(ok.statusCode, ok.body).toBe(200);

    const res = await get('/Staff/Statistics', lab.h);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.list as StaffStatisticsRow[];
    expect(list.map((r) => r.staffCode)).toEqual([1, 2, 3]);
    expect(rowOf(list, a.id)).toMatchObject({
      recorded: 4,
      verified: 0,
      corrected: 0,
      correctedOfTheirs: 1,
      withdrawn: 1,
      correctionRate: 0.25,
    });
    expect(rowOf(list, b.id)).toMatchObject({ recorded: 0, verified: 1, corrected: 1, correctionRate: null });
    expect(rowOf(list, lab.id)).toMatchObject({ recorded: 0, verified: 0, correctionRate: null });

    // The admin sees the same for this lab; a period before everything counts nothing.
    const admin = await get('/Manage/StaffStatistics', suite.admin, { userId: lab.id });
    expect(admin.json().data).toEqual(res.json().data);
    const past = await get('/Staff/Statistics', lab.h, { fromDate: '2020-01-01', toDate: '2020-01-31' });
    expect(rowOf(past.json().data.list, a.id)).toMatchObject({ recorded: 0, withdrawn: 0 });
  });

  it('refuses a reversed period, other roles, and another id than a lab', async () => {
    const lab = await newLab();
    const a = await person(lab, ['assayer']);
    const reversed = await get('/Staff/Statistics', lab.h, { fromDate: '2026-02-02', toDate: '2026-02-01' });
    expect(reversed.statusCode).toBe(400);
    const denied = await get('/Staff/Statistics', a.h);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(STAFF_MSG.forbiddenRole);
    expect((await get('/Manage/StaffStatistics', lab.h, { userId: lab.id })).statusCode).toBe(403);
    expect((await get('/Manage/StaffStatistics', suite.admin, { userId: a.id })).statusCode).toBe(404);
    expect((await get('/Manage/StaffStatistics', suite.admin, { userId: 'x' })).statusCode).toBe(400);
  });
});
