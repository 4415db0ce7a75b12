import type { StaffRole } from '@ayar/contract';

/**
 * Who acts in a request: the account acted for (the tenant: a lab, for its staff too, or the
 * administrator), the person signed in, their lab roles, and where from (ADR 0049). Services scope by
 * `id` and attribute a write to `personId`.
 */
export interface Actor {
  id: string;
  ip: string;
  /** The person: a lab's staff member, the lab account, or the administrator; `id` when not given. */
  personId?: string;
  /** A lab person's roles; absent for the administrator. */
  roles?: readonly StaffRole[];
}

/** The person a write is attributed to (the audit log's actor, a packet's people). */
export const personOf = (actor: Actor): string => actor.personId ?? actor.id;
