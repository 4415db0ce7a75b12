/** The admin's workshop list, where adding and editing a workshop go back to. */
export const LIST_PATH = '/manage/lab-owners';

/** A workshop's editor; its name is in the address for the header's title. */
export function editPath(row: { id: string; fName: string }) {
  return `/manage/edit-user/${row.id}/${encodeURIComponent(row.fName || 'آزمایشگاه')}`;
}
