import type { EditSettingsRequest, UserSettings } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './settings.repository.ts';

/** Stores a workshop's preferences (SPEC.md 3); login hands them back in `userSanapass`. */
export async function editSettings(
  db: Database,
  workshopId: string,
  input: EditSettingsRequest,
): Promise<UserSettings> {
  if (!(await repo.saveSettings(db, workshopId, input.settings))) throw notFound();
  return input.settings;
}
