import { API_PREFIX, MSG, ROUTES, checkConnectionWithCode, isEnvelope } from '@ayar/contract';
import { alertError } from '../../../lib/alert.ts';
import { getAuthHeader } from '../../../lib/auth.ts';
import { beginRequest, endRequest } from '../../../lib/loading.ts';

/**
 * Uploads the workshop's audio file (POST /Tests/AddFile, multipart: typeName 'User', fileType 'Audio',
 * file). Resolves with the file's address; on failure shows the server's message and resolves null.
 */
export async function uploadWorkshopAudio(file: File): Promise<{ address: string; message: string } | null> {
  const form = new FormData();
  form.append('typeName', 'User');
  form.append('fileType', 'Audio');
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const auth = getAuthHeader();
  if (auth) headers.Authorization = auth;
  beginRequest();
  try {
    const response = await fetch(`${API_PREFIX}${ROUTES.tests.addFile.path}`, {
      method: 'POST',
      headers,
      body: form,
    });
    const payload: unknown = await response.json().catch(() => null);
    if (isEnvelope(payload)) {
      if (payload.successful && typeof payload.data === 'string') {
        return { address: payload.data, message: payload.message };
      }
      alertError(payload.message || MSG.failed);
      return null;
    }
    alertError(checkConnectionWithCode(response.status));
    return null;
  } catch {
    alertError(navigator.onLine === false ? MSG.offline : MSG.checkConnection);
    return null;
  } finally {
    endRequest();
  }
}

/**
 * Fetches a stored file with the login's token (a plain link cannot carry it) and hands it to the
 * browser as a download.
 */
export async function downloadStoredFile(address: string, fileName: string): Promise<void> {
  const headers: Record<string, string> = {};
  const auth = getAuthHeader();
  if (auth) headers.Authorization = auth;
  beginRequest();
  try {
    const response = await fetch(address, { headers });
    if (!response.ok) {
      const payload: unknown = await response.json().catch(() => null);
      alertError(isEnvelope(payload) ? payload.message : checkConnectionWithCode(response.status));
      return;
    }
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    alertError(navigator.onLine === false ? MSG.offline : MSG.checkConnection);
  } finally {
    endRequest();
  }
}
