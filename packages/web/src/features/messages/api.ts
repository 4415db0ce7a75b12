import { ROUTES } from '@ayar/contract';
import type { MessageKind, MessageStatus } from '@ayar/contract';
import { apiQuery } from '../../lib/query.ts';

export type MessagesFilter = {
  pageNumber: number;
  pageSize: number;
  status: MessageStatus | null;
  kind: MessageKind | null;
  to: string;
  fromDate?: string | undefined;
  toDate?: string | undefined;
};

export const messageQueries = {
  /** Every SMS and call of the outbox, a page at a time, filtered (GET /Manage/Messages). */
  list: (query: MessagesFilter) => apiQuery(['messages'], ROUTES.manage.messages, { query }),
};
