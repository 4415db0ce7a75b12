import { useQuery } from '@tanstack/react-query';
import { OTHER_CUSTOMER_ID, ROUTES, toEnglishDigits, toPersianDigits } from '@ayar/contract';
import type { CustomerSearchItem, LabListRow, Role, StaffRole, UsersByNameItem } from '@ayar/contract';
import { customerSearchQueries } from '../../../lib/queries/customers.ts';
import { PACKETS_KEY } from '../../../lib/queries/packets.ts';
import { workshopSearchQueries } from '../../../lib/queries/workshops.ts';
import { apiQuery } from '../../../lib/query.ts';
import { mayOpen } from '../../../lib/roles.ts';
import { href } from '../../../lib/screens.ts';
import { SEP } from '../../../lib/format.ts';

// The shell's one search box (docs/product.md §2.1): a packet by its number, a customer by name, code or
// mobile, and for the administrator a lab by name. Two existing routes a person may call answer it
// (GET /Tests/AllTests with filter type 3, GET /Customer/CustomersByName; the administrator's
// /Manage/AllTests and /Manage/UsersByName), so no route of its own: the server scopes each to the
// session's lab and refuses a role that may not (ADR 0049), and the box only asks what the role may.

/** The most packets one number shows (a number is one packet per lab; the administrator sees every lab's). */
const PACKET_LIMIT = 8;
/** Packet numbers are bigint of at most twelve digits (contract's FILTER_DIGITS). */
const PACKET_DIGITS = 12;
/** Names shorter than this would match half the book: wait for the second letter. */
export const MIN_NAME_LENGTH = 2;

export interface SearchHit {
  id: string;
  label: string;
  /** What tells namesakes apart (code and mobile, the packet's customer); none for a lab. */
  description?: string;
  /** Where choosing it goes: the packet's, customer's or lab's page. */
  to: string;
}

export interface SearchGroup {
  title: string;
  hits: SearchHit[];
}

/** What was typed, as the search reads it: Persian/Arabic digits are digits; a packet number if all digits. */
export function readSearchText(text: string): { text: string; number: string | null } {
  const plain = toEnglishDigits(text).trim();
  const digits = plain.replace(/[\s-]/g, '');
  const number = /^\d+$/.test(digits) && digits.length <= PACKET_DIGITS ? String(Number(digits)) : null;
  return { text: plain, number };
}

const packetsQuery = (number: string, admin: boolean) =>
  admin
    ? apiQuery([...PACKETS_KEY, 'search', 'manage'], ROUTES.manage.allTests, {
        query: { filterType: 3, filterValue: number, pageNumber: 1, pageSize: PACKET_LIMIT },
        background: true,
        silent: true,
      })
    : apiQuery([...PACKETS_KEY, 'search'], ROUTES.tests.allTests, {
        query: { filterType: 3, filterValue: number, pageNumber: 1, pageSize: PACKET_LIMIT },
        background: true,
        silent: true,
      });

const fa = (n: number | string) => toPersianDigits(n);

function packetHit(row: LabListRow, admin: boolean, roles: readonly StaffRole[] | null): SearchHit {
  const purity = row.cutting !== null ? `عیار ${fa(row.cutting)}` : 'در انتظار عیار';
  const owner = admin ? `${row.labName}${SEP}${row.customerName}` : row.customerName;
  // The accountant opens no edit screen (ADR 0049): their way to a packet is its slip.
  const to = admin
    ? href('manage/edit-lab', { id: row.id })
    : mayOpen('lab/edit', roles)
      ? href('lab/edit', { id: row.id })
      : href('lab/slip', { id: row.id });
  return {
    id: `p-${row.id}`,
    label: `${row.titleName} ${fa(row.docNumber)}`,
    description: `${owner}${SEP}${purity}`,
    to,
  };
}

const customerHit = (c: CustomerSearchItem): SearchHit => ({
  id: `c-${c.id}`,
  label: c.name,
  description: [`کد ${fa(c.code)}`, c.mobile ? fa(c.mobile) : null].filter(Boolean).join(SEP),
  to: href('customer/edit', { id: c.id }),
});

const labHit = (w: UsersByNameItem): SearchHit => ({
  id: `w-${w.id}`,
  label: w.name,
  to: href('manage/edit-user', { id: w.id, name: w.name }),
});

export interface SearchState {
  groups: SearchGroup[];
  /** Something was asked and its answer is on its way. */
  loading: boolean;
  /** A part of the search failed (the other parts still show). */
  failed: boolean;
  /** Whether anything was asked: too short a text asks nothing. */
  asked: boolean;
}

/**
 * Whether names are searched for who is signed in: the administrator's labs, a lab's customers for who
 * opens the customer's page (the owner and the counter, ADR 0049); the others search packets only.
 */
export function searchesNames(who: { role: Role | null | undefined; roles: readonly StaffRole[] | null }) {
  return who.role === 'admin' || (who.role === 'workshop' && mayOpen('customer/edit', who.roles));
}

/** The search for who is signed in, on the (debounced) text: what each part found, in groups. */
export function useGlobalSearch(
  typed: string,
  who: { role: Role | null | undefined; roles: readonly StaffRole[] | null },
): SearchState {
  const { text, number } = readSearchText(typed);
  const admin = who.role === 'admin';
  const byName = text.length >= MIN_NAME_LENGTH || number !== null;
  const customers = !admin && searchesNames(who);
  const packets = useQuery({ ...packetsQuery(number ?? '', admin), enabled: number !== null && !!who.role });
  const people = useQuery({ ...customerSearchQueries.byName(text, true), enabled: customers && byName });
  const labs = useQuery({ ...workshopSearchQueries.byName(text, undefined, true), enabled: admin && byName });

  const groups: SearchGroup[] = [];
  const packetRows = number !== null ? (packets.data?.list ?? []) : [];
  if (packetRows.length > 0)
    groups.push({ title: 'بسته‌ها', hits: packetRows.map((row) => packetHit(row, admin, who.roles)) });
  const peopleRows = customers && byName ? (people.data ?? []).filter((c) => c.id !== OTHER_CUSTOMER_ID) : [];
  if (peopleRows.length > 0) groups.push({ title: 'مشتریان', hits: peopleRows.map(customerHit) });
  const labRows = admin && byName ? (labs.data ?? []) : [];
  if (labRows.length > 0) groups.push({ title: 'آزمایشگاه‌ها', hits: labRows.map(labHit) });

  const parts = [
    [packets, number !== null],
    [people, customers && byName],
    [labs, admin && byName],
  ] as const;
  const asking = parts.filter(([, on]) => on);
  return {
    groups,
    loading: asking.some(([q]) => q.isFetching),
    failed: asking.some(([q]) => q.isError),
    asked: asking.length > 0,
  };
}
