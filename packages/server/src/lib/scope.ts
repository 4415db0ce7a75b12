import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
  type StringReference,
} from 'kysely';

/**
 * Whose tenant rows a repository function may read or change: one workshop's, or every
 * workshop's for the administrator. Repositories take it as a required argument, so a forgotten
 * workshop id is a type error rather than a query across every lab; services build it from the
 * signed-in user (`workshopScope(currentUser.id)`) or, on an admin route, `ADMIN_SCOPE` (or
 * `adminFilter(query.userId)` when the admin narrows a list to one lab).
 *
 * Not scoped: the users table (a workshop *is* a user, found by its own id), network-wide invariants
 * (packet numbers and ranges are unique across the network), the public lookup (a result is found by
 * its number or token, ADR 0014), and writes by the id of a row the caller has just found or locked
 * through a scoped query in the same transaction.
 */
export type Scope = { readonly kind: 'workshop'; readonly id: string } | { readonly kind: 'admin' };

/** One workshop's rows: what a query that only makes sense for a single lab takes. */
export type WorkshopScope = Extract<Scope, { kind: 'workshop' }>;

/** Every workshop's rows: the administrator's view of the network. */
export const ADMIN_SCOPE: Scope = Object.freeze({ kind: 'admin' });

export function workshopScope(id: string): WorkshopScope {
  return { kind: 'workshop', id };
}

/** An admin list's optional lab filter: that workshop's rows when it names one, else every workshop's. */
export function adminFilter(workshopId: string | null | undefined): Scope {
  return workshopId ? workshopScope(workshopId) : ADMIN_SCOPE;
}

/**
 * Applies a scope to a query on its workshop column: `column = id` for a workshop, no condition (true)
 * for the administrator.
 *
 * ```ts
 * db.selectFrom('assays as a').where((eb) => inScope(eb, 'a.workshopId', scope))
 * ```
 */
export function inScope<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: StringReference<DB, TB>,
  scope: Scope,
): Expression<SqlBool> {
  return scope.kind === 'admin' ? sql<SqlBool>`true` : sql<SqlBool>`${eb.ref(column)} = ${scope.id}`;
}

/**
 * The same condition for a query written in SQL, on a column named as it is in the database:
 * ``sql`… where ${scopeSql(scope, 'a.workshop_id')} and …` ``.
 */
export function scopeSql(scope: Scope, column: string): RawBuilder<SqlBool> {
  return scope.kind === 'admin' ? sql<SqlBool>`true` : sql<SqlBool>`${sql.ref(column)} = ${scope.id}`;
}
