import { useEffect, useState } from 'react';
import type { LabDraft } from '@ayar/contract';

/** One packet saved with «ذخیره و ادامه», with what the pending table shows. */
export interface PendingPacket {
  draft: LabDraft;
  /** The customer's name, or the 'other customer' owner's name. */
  name: string;
  /** «بسته» or «انگ». */
  titleName: string;
}

/** The pending list survives a trip to customer/add and a reload of the tab (nothing typed is lost). */
const KEY = 'ayar.lab.pending';

export function loadPending(): PendingPacket[] {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return [];
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as PendingPacket[]) : [];
  } catch {
    return [];
  }
}

export function savePending(list: PendingPacket[]): void {
  try {
    if (list.length === 0) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Private mode or a full storage: the list still lives in memory.
  }
}

/** The pending list as lab/add holds it: kept in sessionStorage as it changes. */
export function usePendingPackets() {
  const [list, setList] = useState<PendingPacket[]>(() => loadPending());
  useEffect(() => savePending(list), [list]);
  return {
    list,
    add: (packet: PendingPacket) => setList((current) => [...current, packet]),
    remove: (docNumber: number) =>
      setList((current) => current.filter((p) => p.draft.docNumber !== docNumber)),
    /** Registered: emptied here and in storage at once (the screen is left right after). */
    clear: () => {
      setList([]);
      savePending([]);
    },
    has: (docNumber: number) => list.some((p) => p.draft.docNumber === docNumber),
  };
}

export type PendingPackets = ReturnType<typeof usePendingPackets>;
