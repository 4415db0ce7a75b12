import { sql } from 'kysely';
import type { MessagesQuery } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { inScope, type Scope } from '../../lib/scope.ts';

/** `to` is matched as a substring; LIKE's own wildcards in it are taken literally. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The scope's outbox (the admin page: the whole network's): newest first, filtered, one page. */
export async function listMessages(db: Database, scope: Scope, query: MessagesQuery) {
  let base = db.selectFrom('messages').where((eb) => inScope(eb, 'workshopId', scope));
  if (query.status) base = base.where('status', '=', query.status);
  if (query.kind) base = base.where('kind', '=', query.kind);
  if (query.to) base = base.where('toNumber', 'like', `%${likeEscape(query.to)}%`);
  // Dates are days in Tehran (the client converts the Jalali day it shows).
  if (query.fromDate) {
    base = base.where(
      'createdAt',
      '>=',
      sql<Date>`(${query.fromDate}::date)::timestamp at time zone 'Asia/Tehran'`,
    );
  }
  if (query.toDate) {
    base = base.where(
      'createdAt',
      '<',
      sql<Date>`((${query.toDate}::date) + 1)::timestamp at time zone 'Asia/Tehran'`,
    );
  }
  const [rows, total] = await Promise.all([
    base
      .select([
        'id',
        'toNumber',
        'kind',
        'text',
        'purpose',
        'status',
        'attempts',
        'provider',
        'createdAt',
        'sentAt',
        'nextAttemptAt',
        'error',
      ])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
