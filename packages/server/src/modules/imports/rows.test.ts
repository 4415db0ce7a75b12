import { describe, expect, it } from 'vitest';
import { LIMITS } from '@ayar/contract';
import { checkRows, docNumbersOf, type PacketMatch, type ReadRow } from './rows.lib.ts';

const packets = new Map<number, PacketMatch>([
  [1001, { assayId: 'a1', hasPurity: false }],
  [1002, { assayId: 'a2', hasPurity: false }],
  [1003, { assayId: 'a3', hasPurity: true }],
  [1004, { assayId: 'a4', hasPurity: false }],
]);
const row = (n: number, docNumber: number | null, purity: number | null): ReadRow => ({
  row: n,
  docNumber,
  purity,
});
const problems = (rows: ReadRow[]) =>
  checkRows(rows, packets, LIMITS.purity).map((r) => [r.row, r.assayId, r.problem]);

describe('why a previewed row cannot be applied (ADR 0059)', () => {
  it('gives each row its packet, or its first problem in the ADR order', () => {
    expect(
      problems([
        row(1, 1001, 750),
        row(2, null, null),
        row(3, 1002, null),
        row(4, 9999, 1000),
        row(5, 9999, 750),
        row(6, 1003, 750),
      ]),
    ).toEqual([
      [1, 'a1', null],
      [2, null, 'noSample'],
      [3, 'a2', 'notNumber'],
      [4, null, 'range'],
      [5, null, 'notFound'],
      [6, 'a3', 'hasPurity'],
    ]);
  });

  it('accepts both edges of the purity range and refuses just past them', () => {
    expect(problems([row(1, 1001, 599), row(2, 1001, 600), row(3, 1002, 999), row(4, 1002, 1000)])).toEqual([
      [1, 'a1', 'range'],
      [2, 'a1', null],
      [3, 'a2', null],
      [4, 'a2', 'range'],
    ]);
  });

  it('marks every row of a packet with different purities as a conflict', () => {
    expect(problems([row(1, 1001, 750), row(2, 1002, 800), row(3, 1001, 751), row(4, 1001, 750)])).toEqual([
      [1, 'a1', 'conflict'],
      [2, 'a2', null],
      [3, 'a1', 'conflict'],
      [4, 'a1', 'conflict'],
    ]);
  });

  it('keeps the first of repeated equal purities and marks the later ones duplicate', () => {
    expect(problems([row(1, 1004, 875), row(2, 1004, 875), row(3, 1004, 875)])).toEqual([
      [1, 'a4', null],
      [2, 'a4', 'duplicate'],
      [3, 'a4', 'duplicate'],
    ]);
  });

  it('does not let a row with an earlier problem make a conflict', () => {
    expect(problems([row(1, 1001, 750), row(2, 1001, 1000), row(3, 1001, null)])).toEqual([
      [1, 'a1', null],
      [2, 'a1', 'range'],
      [3, 'a1', 'notNumber'],
    ]);
  });

  it('looks up each packet number once', () => {
    expect(docNumbersOf([row(1, 5, 1), row(2, null, 1), row(3, 5, 2), row(4, 7, 2)])).toEqual([5, 7]);
  });
});
