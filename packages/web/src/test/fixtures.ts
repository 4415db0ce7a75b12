import { TEST_TYPES } from '@ayar/contract';
import type { LabListRow, ResultItem, ResultVersion } from '@ayar/contract';

/** A packet of a list as the server answers it: a waiting packet of the workshop «w1»; `over` changes it. */
export function labRow(over: Partial<LabListRow> = {}): LabListRow {
  return {
    id: 'a1a1a1a1-0000-4000-8000-000000000001',
    customerId: '0b6c3f5e-1111-4c2d-9a7e-000000000001',
    customerName: 'حسن طلافروش',
    customerCode: 1,
    type: TEST_TYPES[0].id,
    typeName: TEST_TYPES[0].name,
    docNumber: 1000,
    cutting: null,
    title: true,
    titleName: 'بسته',
    weight: 2.5,
    readyTime: 30,
    sendSMS: true,
    sendCall: true,
    displayType: null,
    desc: null,
    sampleWeight: 0.25,
    vage: 0,
    vageType: 1,
    feeToman: 0,
    feeGold: 0,
    customerMobile: '09121234567',
    testFullName: null,
    testMobile: null,
    waitFor: true,
    canUpdate: false,
    canDelete: false,
    date: '2026-11-20T08:00:00Z',
    purityAt: null,
    resultVersion: null,
    resultAt: null,
    resultStatus: null,
    platform: 'w',
    userId: 'w1',
    labName: 'آزمایشگاه',
    userFullName: 'مدیر',
    serialNo: 1,
    forDelete: false,
    forDeleteDate: null,
    deleteDecline: null,
    deleted: false,
    deletedAt: null,
    publicToken: 'tok',
    images: [],
    registeredBy: null,
    purityBy: null,
    verifiedBy: null,
    pendingCutting: null,
    pendingBy: null,
    pendingById: null,
    pendingReason: null,
    returnedReason: null,
    purityMethod: over.cutting != null ? 'typed' : null,
    purityInstrument: null,
    ...over,
  };
}

/**
 * A public result item (`POST /Tests/Result`, `GET /Tests/ResultByToken`) as the server answers it: a
 * first publication (version 1) with no signature; `over` changes it (tests/signing.ts signs one).
 */
export function resultItem(over: Partial<ResultItem> = {}): ResultItem {
  return {
    token: 'tokenAAAAAAAAAAAAAAAAA',
    docNumber: 77,
    title: null,
    customerName: null,
    series: 3,
    purity: 750,
    name: 'آزمایشگاه طلا',
    rejeCode: null,
    createDate: '2026-01-01T08:00:00.000Z',
    remain: 0,
    weight: null,
    sampleWeight: null,
    readyTime: null,
    images: [],
    status: 'published',
    version: 1,
    signedAt: '2026-01-01T08:20:00.000Z',
    changedAt: null,
    changeReason: null,
    assayerCode: null,
    verifierCode: null,
    method: null,
    instrument: null,
    jws: null,
    ...over,
  };
}

/** One version of a result's history (`GET /Tests/ResultVersions`); `over` changes it. */
export function resultVersion(over: Partial<ResultVersion> = {}): ResultVersion {
  return {
    version: 1,
    status: 'published',
    purity: 750,
    reason: null,
    at: '2026-11-20T08:30:00Z',
    byRole: 'workshop',
    jws: 'eyJhbGciOiJFZERTQSJ9.e30.c2ln',
    ...over,
  };
}

/** A lab in packet mode that asks for everything on lab/add, with its test type preset. */
export const LAB_SETTINGS = {
  labType: 1,
  sendSMS: true,
  showWeight: true,
  showSampleWeight: true,
  showDesc: true,
  vage: 1000,
  vageType: 1,
  testType: TEST_TYPES[0].id,
} as const;
