import { offlineDb } from './db.ts';
import type { Reprint } from './db.ts';
import { changed } from './queue.ts';

// Packets whose slip must be printed again (ADR 0040): they reached the server with another public
// token than the QR code printed offline (an entry of an earlier app, or a key the server no longer
// takes). Shown on the queue screen until the clerk says the new slip is printed.

/** The user's reminders, oldest first. */
export async function listReprints(userId: string): Promise<Reprint[]> {
  const list = await (await offlineDb()).getAllFromIndex('reprints', 'byUser', userId);
  return list.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** The clerk printed the new slip (or has no use for it): the reminder goes. */
export async function dismissReprint(userId: string, key: string): Promise<void> {
  const db = await offlineDb();
  const reprint = await db.get('reprints', key);
  if (reprint?.userId !== userId) return;
  await db.delete('reprints', key);
  changed();
}
