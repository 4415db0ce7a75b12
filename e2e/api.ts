import { inject } from 'vitest';
import { TEST_TYPES } from '@ayar/contract';

/** Small helpers that call the API from node, to set up what a flow needs (never to check results). */
const V = '/api/v1.0';

interface Envelope<T> {
  successful: boolean;
  message: string;
  data: T;
}

export async function apiCall<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; token?: string; body?: unknown } = {},
) {
  const res = await fetch(new URL(V + path, inject('baseUrl')), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (!res.ok || !envelope.successful) {
    throw new Error(`${path}: ${res.status} ${envelope.message}`);
  }
  return envelope.data;
}

export async function loginToken(userName: string, password: string): Promise<string> {
  const data = await apiCall<{ token: string }>('/Account/login', { body: { userName, password } });
  return data.token;
}

export function adminToken(): Promise<string> {
  return loginToken(inject('adminUsername'), inject('adminPassword'));
}

let seq = 0;
/** An active workshop created by the admin (POST /Manage/AddUser), with its login. */
export async function createWorkshop(
  name = 'آزمایشگاه آزمون',
): Promise<{ id: string; userName: string; password: string }> {
  const token = await adminToken();
  const userName = `lab_${Date.now().toString(36)}_${++seq}`;
  const password = 'lab-password-1';
  const { id } = await apiCall<{ id: string }>('/Manage/AddUser', {
    token,
    body: {
      fName: name,
      fullName: 'مدیر آزمون',
      userName,
      password,
      confirmPassword: password,
      cellPhone: '09120000000',
      phone: '',
      address: '',
      rejeCode: '',
      isPublicUser: false,
    },
  });
  return { id, userName, password };
}

/** What a test lab may differ in: its one customer, and settings over packet mode without SMS. */
export interface LabOptions {
  customerName?: string;
  mobile?: string;
  settings?: Record<string, unknown>;
}

/**
 * A lab with numbers `from`…`from + 99`, packet mode (one preset test type, no SMS unless `settings`
 * says so) and one customer; with its API token and the customer's id.
 */
export async function labWithNumbers(
  name: string,
  from: number,
  { customerName = 'مشتری آزمون', mobile = '09121110000', settings = {} }: LabOptions = {},
) {
  const lab = await createWorkshop(name);
  await apiCall('/Manage/GetCodes', {
    token: await adminToken(),
    body: { userId: lab.id, fromCode: from, toCode: from + 99 },
  });
  const token = await loginToken(lab.userName, lab.password);
  await apiCall('/Account/EditSettings', {
    token,
    body: { settings: { labType: 1, sendSMS: false, testType: TEST_TYPES[0].id, ...settings } },
  });
  await apiCall('/Customer/AddCustomer', { token, body: { customerName, mobile1: mobile } });
  const customers = await apiCall<{ list: { customerId: string }[] }>('/Customer/AllCustomers', { token });
  return { ...lab, token, customerId: customers.list[0]!.customerId };
}

/**
 * A packet of the lab's customer, registered with `purity` (so published and signed at once) or, with
 * null, waiting for one; with its id and the public token its slip's QR carries.
 */
async function registeredPacket(
  lab: { token: string; customerId: string },
  docNumber: number,
  purity: number | null,
): Promise<{ id: string; publicToken: string }> {
  const { list } = await apiCall<{ list: { id: string }[] }>('/Tests/AddTest', {
    token: lab.token,
    body: [
      {
        customerId: lab.customerId,
        customerName: 'مشتری آزمون',
        docNumber,
        readyTime: 30,
        sampleWeight: '0.25',
        ...(purity === null ? {} : { cutting: purity }),
      },
    ],
  });
  const id = list[0]!.id;
  const { publicToken } = await apiCall<{ publicToken: string }>(`/Tests/GetTest?testId=${id}`, {
    token: lab.token,
  });
  return { id, publicToken };
}

/** A packet registered with its purity: published and signed at once. */
export const publishedPacket = (
  lab: { token: string; customerId: string },
  docNumber: number,
  purity: number,
) => registeredPacket(lab, docNumber, purity);

/** A packet registered without a purity: waiting for one. */
export const waitingPacket = (lab: { token: string; customerId: string }, docNumber: number) =>
  registeredPacket(lab, docNumber, null);
