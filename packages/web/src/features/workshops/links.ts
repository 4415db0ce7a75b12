/** The admin's workshop list, where adding and editing a workshop go back to. */
import { href } from '../../lib/screens.ts';
export const LIST_PATH = href('manage/lab-owners');

/** A workshop's editor; its name is in the address for the header's title. */
export function editPath(row: { id: string; fName: string }) {
  return href('manage/edit-user', { id: row.id, name: row.fName || 'آزمایشگاه' });
}
