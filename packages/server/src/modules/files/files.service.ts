import { MSG, fileAddress } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden, notFound, validation } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { AUDIO_EXTENSIONS, sniffAudio } from './audio.ts';
import * as repo from './files.repository.ts';
import { openStoredFile, removeStoredFiles, storeFile } from './files.storage.ts';

export const FILE_MSG = {
  uploaded: 'فایل با موفقیت بارگذاری شد',
  noFile: 'فایلی انتخاب نشده است',
  emptyFile: 'فایل خالی است',
  notAudio: 'فایل صوتی معتبر نیست؛ فقط mp3، ogg، wav، m4a، amr یا webm پذیرفته می‌شود',
  tooLarge: 'حجم فایل صوتی باید حداکثر ۵ مگابایت باشد',
  oneFile: 'در هر بار فقط یک فایل بارگذاری کنید',
  typeName: 'نوع مقصد فایل (typeName) معتبر نیست',
} as const;

/** What the multipart form said about the upload: typeName and fileType (SPEC.md 7). */
export interface UploadFields {
  typeName?: string | undefined;
  fileType?: string | undefined;
}

/**
 * Who may upload what, decided from the form's fields before the file is read: workshop audio
 * (typeName 'User', fileType 'Audio') is the admin's; photos come with the packets' issue.
 */
export function checkUploadKind(user: SessionUser, fields: UploadFields): 'audio' {
  const fileType = (fields.fileType ?? '').trim().toLowerCase();
  const typeName = (fields.typeName ?? '').trim().toLowerCase();
  if (fileType === 'photo') throw new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedMedia);
  if (fileType !== 'audio') throw new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedMedia);
  if (typeName !== 'user') throw validation([{ field: 'typeName', message: FILE_MSG.typeName }]);
  if (user.role !== 'admin') throw forbidden();
  return 'audio';
}

/** Stores an uploaded audio file after checking its content; answers its address. */
export async function saveAudio(
  deps: { db: Database; filesDir: string },
  user: SessionUser,
  bytes: Buffer,
  ip: string,
): Promise<string> {
  if (bytes.length === 0) throw validation([{ field: 'file', message: FILE_MSG.emptyFile }]);
  const mime = sniffAudio(bytes);
  if (!mime) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', FILE_MSG.notAudio);
  const storageKey = await storeFile(deps.filesDir, 'audio', bytes);
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const fileId = await repo.insertFile(trx, {
        kind: 'audio',
        storageKey,
        mime,
        sizeBytes: bytes.length,
        ownerId: user.id,
      });
      await writeAudit(trx, {
        actorId: user.id,
        action: 'file.upload',
        entity: 'file',
        entityId: fileId,
        after: { kind: 'audio', mime, sizeBytes: bytes.length },
        ip,
      });
      return fileId;
    });
    return fileAddress(id);
  } catch (error) {
    await removeStoredFiles(deps.filesDir, [storageKey]);
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored file for an admin or its owner; anyone else (and a missing id) gets the same 404. */
export async function openFile(deps: { db: Database; filesDir: string }, user: SessionUser, id: string) {
  if (!UUID.test(id)) throw notFound();
  const file = await repo.findFile(deps.db, id);
  if (!file || (user.role !== 'admin' && file.ownerId !== user.id)) throw notFound();
  const extension = AUDIO_EXTENSIONS[file.mime] ?? (file.mime === 'image/png' ? 'png' : 'jpg');
  return {
    mime: file.mime,
    size: file.sizeBytes,
    fileName: `${file.kind}-${file.id.slice(0, 8)}.${extension}`,
    stream: openStoredFile(deps.filesDir, file.storageKey),
  };
}
