import { TEST_TYPES } from '@ayar/contract';
import type { LabListRow } from '@ayar/contract';

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
