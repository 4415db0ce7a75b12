import { OTHER_CUSTOMER_ID } from '@ayar/contract';
import type { CustomerSearchItem, LabDetail } from '@ayar/contract';
import type { OwnerValues } from './components/PacketFields.tsx';

/**
 * The packet's own fields, as every packet form holds them while typed: numbers stay text until the
 * contract's schema reads them, so the shared field components bind to any of these forms.
 */
export interface PacketFormValues extends OwnerValues {
  customerId: string;
  customerName: string;
  type: string;
  typeName: string;
  cutting: string;
  readyTime: string;
  sampleWeight: string;
  weight: string;
  desc: string;
}

/** lab/add's form as typed: numbers stay text until the contract's schema reads them. */
export interface LabForm extends PacketFormValues {
  saveInCustomer: boolean;
  docNumber: string;
  sendSMS: boolean;
  sendCall: boolean;
  images: string[];
  vage: number;
  mainVage: number;
  title: boolean;
  platform: string;
}

/** The packet fields a server's `errors` may name, so each message lands under its field. */
export const PACKET_FIELDS = [
  'customerId',
  'testFullName',
  'testMobile',
  'type',
  'cutting',
  'readyTime',
  'sampleWeight',
  'weight',
  'desc',
] as const satisfies readonly (keyof PacketFormValues)[];

/** «مشتری متفرقه» as the customer field holds it: the search never returns it, the checkbox chooses it. */
export const OTHER_CUSTOMER: CustomerSearchItem = {
  id: OTHER_CUSTOMER_ID,
  name: 'مشتری متفرقه',
  settings: null,
  customerSettings: null,
  code: 0,
  mobile: null,
};

/**
 * «علت اصلاح» (ADR 0029): a change to a published result is a new signed version, and the public reads
 * why next to it. The server refuses such a change without a reason (under this field).
 */
export const CORRECTION_REASON = {
  label: 'علت اصلاح',
  description: 'برای اصلاح عیار، وزن یا نوع نمونه لازم است؛ در صفحه عمومی نتیجه دیده می‌شود.',
} as const;

/**
 * Whether saving `cutting` changes the published purity (or, where `reissues` — the admin's form —, any
 * purity saved on a withdrawn result publishes it again), which the form knows needs a reason without
 * asking the server. Other public fields (the weights a lab shows, the type) are the server's to
 * judge: it answers with an error under the reason.
 */
export function purityNeedsReason(
  row: LabDetail,
  cutting: number | null | undefined,
  { reissues = false }: { reissues?: boolean } = {},
): boolean {
  if (row.resultVersion === null || cutting === undefined || cutting === null) return false;
  return cutting !== row.cutting || (reissues && row.resultStatus === 'withdrawn');
}
