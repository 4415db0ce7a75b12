import { MSG, ROUTES } from '@ayar/contract';
import { alertError } from '../../lib/alert.ts';
import { apiBlob, apiUpload } from '../../lib/api.ts';
import { WORKSHOPS_KEY, labStaffQuery } from '../../lib/queries/workshops.ts';
import { apiQuery, useApiMutation } from '../../lib/query.ts';

// The root key is shared with the admin's workshop search (lib/queries): a change refreshes both.
export { WORKSHOPS_KEY };

export const workshopQueries = {
  /** The admin's workshop list, filtered by name and status, a page at a time. */
  manageList: (query: { name: string; status: string; pageNumber: number; pageSize: number }) =>
    apiQuery([...WORKSHOPS_KEY, 'manage'], ROUTES.manage.labOwners, { query }),
  /** One workshop for its editor (the server answers a list of one). */
  detail: (id: string) =>
    apiQuery([...WORKSHOPS_KEY, 'detail', id], ROUTES.manage.userById, { query: { id } }),
  /** A lab's people for the admin, read-only (ADR 0049). */
  staff: labStaffQuery,
  /** A lab's people's purities in a period, for the admin (ADR 0050): counts, so fresh (ADR 26). */
  staffStatistics: (userId: string, period: { fromDate?: string; toDate?: string }) =>
    apiQuery([...WORKSHOPS_KEY, 'staffStatistics', userId], ROUTES.manage.staffStatistics, {
      query: { userId, ...period },
      fresh: true,
    }),
  /** The public list of labs. */
  publicList: (query: { name: string; pageNumber: number; pageSize: number }) =>
    apiQuery([...WORKSHOPS_KEY, 'public'], ROUTES.account.labOwners, { query }),
};

export const useAddWorkshop = () => useApiMutation(ROUTES.manage.addUser);
export const useEditWorkshop = () => useApiMutation(ROUTES.manage.editUser);
export const useDeleteWorkshop = () => useApiMutation(ROUTES.manage.deleteUser);
export const useChangeWorkshopStatus = () => useApiMutation(ROUTES.manage.activeUser);
export const useRegisterWorkshop = () => useApiMutation(ROUTES.account.addPublicUser);

/**
 * Uploads the workshop's audio file (POST /Tests/AddFile, multipart: typeName 'User', fileType 'Audio',
 * file). Resolves with the file's address; on failure the client has shown the reason: null.
 */
export async function uploadWorkshopAudio(file: File): Promise<{ address: string; message: string } | null> {
  const form = new FormData();
  form.append('typeName', 'User');
  form.append('fileType', 'Audio');
  form.append('file', file, file.name);
  try {
    const envelope = await apiUpload(ROUTES.tests.addFile, form);
    if (typeof envelope.data === 'string') return { address: envelope.data, message: envelope.message };
    alertError(envelope.message || MSG.failed);
  } catch {
    // The client has shown the server's reason.
  }
  return null;
}

/**
 * Fetches a stored file with the login's token (a plain link cannot carry it) and hands it to the
 * browser as a download.
 */
export async function downloadStoredFile(address: string, fileName: string): Promise<void> {
  let blob: Blob;
  try {
    blob = await apiBlob(address);
  } catch {
    return; // The client has shown the reason.
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
