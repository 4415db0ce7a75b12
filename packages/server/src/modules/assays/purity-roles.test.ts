import { describe, expect, it } from 'vitest';
import { ASSAY_MSG, STAFF_MSG } from '@ayar/contract';
import { draft, packetSuite } from './assays.test-kit.ts';
import { labPeople } from './verification.test-kit.ts';

// A purity is the assayer's (ADR 0049): beyond AddCutting's roles, the counter may not register a
// packet with a purity, change one through EditTest, or edit a packet that has one.

const kit = packetSuite();
const { suite, post, add, assay, newLab } = kit;
const { person, labVerification } = labPeople(kit);

describe('who may record a purity', () => {
  it('the counter registers packets without a purity, but not with one (nothing is saved)', async () => {
    const lab = await newLab();
    const counter = (await person(lab, ['counter'])).h;
    const [packet] = await add({ ...lab, h: counter }, [draft(lab, lab.from)]);
    expect((await assay(packet!.id)).purity).toBeNull();

    const refused = await post('/Tests/AddTest', counter, [draft(lab, lab.from + 1, { cutting: 750 })]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ASSAY_MSG.purityNotYours);
    const saved = await suite.ctx.db
      .selectFrom('assays')
      .select('id')
      .where('docNumber', '=', lab.from + 1)
      .execute();
    expect(saved).toEqual([]);
  });

  it('the counter edits a waiting packet but cannot give it a purity, nor edit one that has one', async () => {
    const lab = await newLab();
    const counter = (await person(lab, ['counter'])).h;
    const [packet] = await add(lab, [draft(lab, lab.from)]);

    const edited = await post('/Tests/EditTest', counter, { testId: packet!.id, desc: 'النگو' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await assay(packet!.id)).description).toBe('النگو');

    const withPurity = await post('/Tests/EditTest', counter, { testId: packet!.id, cutting: 750 });
    expect(withPurity.statusCode).toBe(403);
    expect(withPurity.json().message).toBe(ASSAY_MSG.purityNotYours);
    expect((await assay(packet!.id)).purity).toBeNull();

    const cutting = await post('/Tests/AddCutting', counter, [{ id: packet!.id, cutting: 750 }]);
    expect(cutting.statusCode).toBe(403);
    expect(cutting.json().message).toBe(STAFF_MSG.forbiddenRole);

    const recorded = await post('/Tests/AddCutting', lab.h, [{ id: packet!.id, cutting: 750 }]);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const after = await post('/Tests/EditTest', counter, { testId: packet!.id, desc: 'سکه' });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(ASSAY_MSG.packetHasPurity);
    expect((await assay(packet!.id)).description).toBe('النگو');
  });

  it('the assayer records and corrects a purity; the owner registers one with the packet', async () => {
    const lab = await newLab();
    const assayer = (await person(lab, ['assayer'])).h;
    const [packet] = await add(lab, [draft(lab, lab.from)]);
    const recorded = await post('/Tests/AddCutting', assayer, [{ id: packet!.id, cutting: 750 }]);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const corrected = await post('/Tests/EditTest', assayer, {
      testId: packet!.id,
      cutting: 740,
      reason: 'خطای خواندن',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await assay(packet!.id)).purity).toBe(740);

    const [withPurity] = await add(lab, [draft(lab, lab.from + 1, { cutting: 900 })]);
    expect((await assay(withPurity!.id)).purity).toBe(900);
  });

  it('a person with both counter and assayer roles may do both', async () => {
    const lab = await newLab();
    const both = (await person(lab, ['counter', 'assayer'])).h;
    const [packet] = await add({ ...lab, h: both }, [draft(lab, lab.from, { cutting: 875 })]);
    expect((await assay(packet!.id)).purity).toBe(875);
  });

  it('a purity waiting for verification counts as one: the counter cannot edit or delete the packet', async () => {
    const lab = await newLab();
    const counter = (await person(lab, ['counter'])).h;
    const assayer = (await person(lab, ['assayer'])).h;
    await labVerification(lab, true);
    const [packet] = await add(lab, [draft(lab, lab.from)]);
    expect((await post('/Tests/AddCutting', assayer, [{ id: packet!.id, cutting: 750 }])).statusCode).toBe(
      200,
    );

    const edit = await post('/Tests/EditTest', counter, { testId: packet!.id, desc: 'سکه' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(ASSAY_MSG.packetHasPurity);
    const remove = await post('/Tests/DeleteTest', counter, { id: packet!.id });
    expect(remove.statusCode).toBe(400);
    expect((await assay(packet!.id)).deletedAt).toBeNull();
    expect((await assay(packet!.id)).pendingPurity).toBe(750);
  });
});
