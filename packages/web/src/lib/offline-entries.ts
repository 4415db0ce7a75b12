import type { LabDraft } from '@ayar/contract';

// What lab/add and the waiting list hand to the offline queue (ADR 0033). Both the assays
// feature (which hands them over) and the offline feature (which queues them) name these shapes, and a
// feature imports no other feature, so they live here.

/** A packet lab/add hands to the queue: the draft and what the queue screen and the slip show. */
export interface OfflinePacket {
  draft: LabDraft;
  /** The customer's name, or the 'other customer' owner's name. */
  name: string;
  /** «بسته» or «انگ». */
  titleName: string;
}

/** A purity from the waiting list, with what the queue screen shows of its packet. */
export interface OfflinePurity {
  id: string;
  cutting: number;
  reason?: string | null | undefined;
  docNumber: number;
  customerName: string;
  titleName: string;
}
