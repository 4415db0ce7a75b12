import type { LabDraft } from '@ayar/contract';
import { uploadPhoto } from '../../components/ui/PhotoUploader.tsx';
import type { PhotoUpload } from '../../components/ui/PhotoUploader.tsx';
import { ApiError } from '../../lib/api.ts';
import { offlineDb } from './db.ts';
import { isKeptPhoto, keptPhotoAddress } from './ids.ts';

// lab/add's photos while offline: resized as always (PhotoUploader), then kept in IndexedDB under an
// address of their own instead of uploaded, until their packet is queued (the entry carries them) or
// registered online (they are uploaded first).

const offline = () => navigator.onLine === false;

async function keep(userId: string, blob: Blob): Promise<string> {
  const address = keptPhotoAddress();
  await (await offlineDb()).put('photos', { address, userId, blob });
  return address;
}

/** Uploads while online; keeps the photo on the device when offline or when the upload gets no answer. */
export function photoUploader(userId: string): PhotoUpload {
  return async (blob, onProgress) => {
    if (offline()) return keep(userId, blob);
    try {
      return await uploadPhoto(blob, onProgress);
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return keep(userId, blob);
      throw error;
    }
  };
}

/** The drafts with every kept photo uploaded (and no longer kept); rejects as the upload does. */
export async function uploadKeptPhotos(list: readonly LabDraft[]): Promise<LabDraft[]> {
  if (!list.some((draft) => draft.images.some(isKeptPhoto))) return [...list];
  const db = await offlineDb();
  const result: LabDraft[] = [];
  for (const draft of list) {
    const images: string[] = [];
    for (const address of draft.images) {
      const kept = isKeptPhoto(address) ? await db.get('photos', address) : undefined;
      if (!isKeptPhoto(address)) images.push(address);
      else if (kept) {
        images.push(await uploadPhoto(kept.blob, () => undefined));
        await db.delete('photos', address);
      }
    }
    result.push({ ...draft, images });
  }
  return result;
}

/**
 * Splits a draft's photos for the queue: the addresses already uploaded stay in the body, the kept
 * ones become the entry's blobs (and leave the photo store once the entry holds them).
 */
export async function splitKeptPhotos(
  draft: LabDraft,
): Promise<{ images: string[]; blobs: Blob[]; kept: string[] }> {
  const db = await offlineDb();
  const images: string[] = [];
  const blobs: Blob[] = [];
  const kept: string[] = [];
  for (const address of draft.images) {
    if (!isKeptPhoto(address)) {
      images.push(address);
      continue;
    }
    const photo = await db.get('photos', address);
    if (photo) {
      blobs.push(photo.blob);
      kept.push(address);
    }
  }
  return { images, blobs, kept };
}

export async function dropKeptPhotos(addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return;
  const db = await offlineDb();
  const tx = db.transaction('photos', 'readwrite');
  await Promise.all([...addresses.map((address) => tx.store.delete(address)), tx.done]);
}
