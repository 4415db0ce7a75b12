import type { MessagesQuery, MessagesResponse } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { ADMIN_SCOPE } from '../../lib/scope.ts';
import { maskOtpText } from '../../sms/outbox.ts';
import { listMessages } from './messages.repository.ts';

/** `GET /Manage/Messages`: the outbox, for admins to see what went out and what failed. */
export async function messages(db: Database, query: MessagesQuery): Promise<MessagesResponse> {
  const { rows, total } = await listMessages(db, ADMIN_SCOPE, query);
  return {
    list: rows.map((r) => ({
      id: r.id,
      to: r.toNumber,
      kind: r.kind,
      // Admins see that a one-time code went out, never the code.
      text: r.purpose === 'otp' ? maskOtpText(r.text) : r.text,
      status: r.status,
      attempts: r.attempts,
      provider: r.provider,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      // When it will be tried next; only meaningful while it waits.
      nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
      error: r.error,
    })),
    totalCount: total,
    currPage: query.pageNumber,
    pageSize: query.pageSize,
  };
}
