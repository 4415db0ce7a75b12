import type { z } from 'zod';
import type { labListRowSchema } from '../assays.ts';
import type { resultItemSchema } from '../results.ts';

// Values the routes' examples share, so the same packet, customer and lab appear across the document.

export const EX = {
  workshopId: '3f6c2a9e-8b1d-4c5e-9a7f-1d2e3c4b5a60',
  adminId: '0b8e4f2a-6c3d-4e1f-8a9b-7c6d5e4f3a21',
  customerId: 'a4d3c2b1-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
  packetId: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  creditId: 'e7f8a9b0-c1d2-4e3f-9a4b-5c6d7e8f9a0b',
  rangeId: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
  payId: 'd9e8f7a6-b5c4-4d3e-8f2a-1b0c9d8e7f6a',
  fileId: 'f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9',
  /** A packet's public token (128 random bits, base64url). */
  publicToken: 'Qm9rX3p1R2VfV2lqY2h0eQ',
  /** A session token (a JWT) as `/Account/login` answers it. */
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiI2ZjFiIiwicm9sZSI6IndvcmtzaG9wIn0.c2lnbmF0dXJl',
  /** A registration or change instant (ISO 8601, UTC). */
  at: '2026-10-18T07:42:10.000Z',
  /** A calendar date (Gregorian yyyy-mm-dd, a Tehran day). */
  date: '2026-10-18',
  labName: 'آزمایشگاه طلای نگین',
  managerName: 'مهدی رضایی',
  customerName: 'علی محمدی',
  mobile: '09121234567',
  docNumber: 100_245,
} as const;

/** A packet as the lab lists show it: 18k gold (750), 12.345 g, a fixed fee of 50,000 toman. */
export const LAB_ROW_EXAMPLE = {
  id: EX.packetId,
  customerId: EX.customerId,
  customerName: EX.customerName,
  customerCode: 12,
  type: '6f1b3c2a-0001-4a5e-9c1d-000000000001',
  typeName: 'ساخته',
  docNumber: EX.docNumber,
  cutting: 750,
  title: true,
  titleName: 'بسته',
  weight: 12.345,
  readyTime: 30,
  sendSMS: true,
  sendCall: false,
  displayType: null,
  desc: null,
  sampleWeight: 12.5,
  vage: 50_000,
  vageType: 1,
  feeToman: 50_000,
  feeGold: 0,
  customerMobile: EX.mobile,
  testFullName: null,
  testMobile: null,
  waitFor: false,
  canUpdate: true,
  canDelete: false,
  date: EX.at,
  purityAt: '2026-10-18T08:05:00.000Z',
  resultVersion: 1,
  resultAt: '2026-10-18T08:05:00.000Z',
  resultStatus: 'published',
  platform: 'w',
  userId: EX.workshopId,
  labName: EX.labName,
  userFullName: EX.managerName,
  serialNo: 3,
  forDelete: false,
  forDeleteDate: null,
  deleteDecline: null,
  deleted: false,
  deletedAt: null,
  publicToken: EX.publicToken,
  images: [`/api/v1.0/Files/${EX.fileId}`],
  registeredBy: 'زهرا کریمی',
  purityBy: 'رضا احمدی',
  verifiedBy: null,
  pendingCutting: null,
  pendingBy: null,
  pendingById: null,
  pendingReason: null,
  returnedReason: null,
  purityMethod: 'typed',
  purityInstrument: null,
} satisfies z.input<typeof labListRowSchema>;

/** The public item of that packet, with the lab's report settings showing the weight only. */
export const RESULT_ITEM_EXAMPLE = {
  token: EX.publicToken,
  docNumber: EX.docNumber,
  title: null,
  customerName: null,
  series: 3,
  purity: 750,
  name: EX.labName,
  rejeCode: '1234',
  createDate: EX.at,
  remain: 0,
  weight: 12.345,
  sampleWeight: null,
  readyTime: null,
  images: [`/api/v1.0/Results/Photo/${EX.publicToken}/${EX.fileId}`],
  status: 'published',
  version: 1,
  signedAt: '2026-10-18T08:05:00.000Z',
  changedAt: null,
  changeReason: null,
  assayerCode: 3,
  verifierCode: 5,
  method: 'xrf',
  instrument: 'Fischerscope XAN',
  // Shortened: a real one is about 500 characters (header.payload.signature, base64url).
  jws: 'eyJhbGciOiJFZERTQSIsImtpZCI6Ii4uLiIsInR5cCI6ImF5YXItcmVzdWx0K2p3cyJ9.eyIuLi4iOjF9.c2lnbmF0dXJl',
} satisfies z.input<typeof resultItemSchema>;

/** A page of a list: `{ list, totalCount, currPage, pageSize }`. */
export const page = <const T>(list: T[], pageSize = 50) => ({
  list,
  totalCount: list.length,
  currPage: 1,
  pageSize,
});
