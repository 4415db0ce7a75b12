import { createHash } from 'node:crypto';
import { MSG, PHOTO_MAX_BYTES, fileAddress } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden, notFound, validation } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { AUDIO_EXTENSIONS, sniffAudio } from './audio.lib.ts';
import * as repo from './files.repository.ts';
import type { FileStore } from './files.storage.ts';
import { processPhoto, type ProcessedPhoto } from './photo.lib.ts';

export const FILE_MSG = {
  uploaded: 'فایل با موفقیت بارگذاری شد',
  noFile: 'فایلی انتخاب نشده است',
  emptyFile: 'فایل خالی است',
  notAudio: 'فایل صوتی معتبر نیست؛ فقط mp3، ogg، wav، m4a، amr یا webm پذیرفته می‌شود',
  tooLarge: 'حجم فایل صوتی باید حداکثر ۵ مگابایت باشد',
  oneFile: 'در هر بار فقط یک فایل بارگذاری کنید',
  typeName: 'نوع مقصد فایل (typeName) معتبر نیست',
  notPhoto: 'فقط عکس با قالب JPEG یا PNG پذیرفته می‌شود',
  photoTooLarge: `حجم هر عکس باید حداکثر ${PHOTO_MAX_BYTES / 1024 / 1024} مگابایت باشد`,
  tooManyPhotos: 'تعداد عکس‌ها در هر بار بارگذاری بیش از حد مجاز است',
  photosUploaded: 'عکس با موفقیت بارگذاری شد',
} as const;

export type UploadKind = 'audio' | 'photo';

/** What the file services need: the database and the store the files are kept in (ADR 0030). */
export interface FilesDeps {
  db: Database;
  files: FileStore;
}

/** What the multipart form said about the upload: typeName and fileType (docs/product.md §8.2). */
export interface UploadFields {
  typeName?: string | undefined;
  fileType?: string | undefined;
}

/**
 * Who may upload what, decided from the form's fields before the file is read: workshop audio
 * (typeName 'User', fileType 'Audio') is the admin's; packet photos (typeName 'Activity', fileType
 * 'photo') belong to the signed-in user who uploads them: a workshop registering or editing its
 * packets, or an admin editing one.
 */
export function checkUploadKind(user: SessionUser, fields: UploadFields): UploadKind {
  const fileType = (fields.fileType ?? '').trim().toLowerCase();
  const typeName = (fields.typeName ?? '').trim().toLowerCase();
  if (fileType === 'photo') {
    if (typeName !== 'activity') throw validation([{ field: 'typeName', message: FILE_MSG.typeName }]);
    return 'photo';
  }
  if (fileType !== 'audio') throw new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedMedia);
  if (typeName !== 'user') throw validation([{ field: 'typeName', message: FILE_MSG.typeName }]);
  if (user.role !== 'admin') throw forbidden();
  return 'audio';
}

/**
 * Stores uploaded photos after checking each by content: re-encoded (upright, no metadata, inside
 * 1200×880) with a thumbnail, owned by the uploader. All or nothing: one bad file refuses the upload
 * (415) and nothing is kept. Answers the addresses in the order sent.
 */
export async function savePhotos(
  deps: FilesDeps,
  user: SessionUser,
  uploads: readonly Buffer[],
  ip: string,
): Promise<string[]> {
  if (uploads.some((bytes) => bytes.length === 0))
    throw validation([{ field: 'file', message: FILE_MSG.emptyFile }]);
  const photos: ProcessedPhoto[] = [];
  for (const bytes of uploads) {
    const photo = await processPhoto(bytes);
    if (!photo) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', FILE_MSG.notPhoto);
    photos.push(photo);
  }
  const keys: string[] = [];
  try {
    const stored: { photo: ProcessedPhoto; storageKey: string; thumbnailKey: string }[] = [];
    for (const photo of photos) {
      const storageKey = await deps.files.store('photo', photo.full);
      keys.push(storageKey);
      const thumbnailKey = await deps.files.store('photo', photo.thumb);
      keys.push(thumbnailKey);
      stored.push({ photo, storageKey, thumbnailKey });
    }
    const ids = await deps.db.transaction().execute(async (trx) => {
      const result: string[] = [];
      for (const { photo, storageKey, thumbnailKey } of stored) {
        const fileId = await repo.insertFile(trx, {
          kind: 'photo',
          storageKey,
          thumbnailKey,
          mime: 'image/jpeg',
          sizeBytes: photo.full.length,
          width: photo.width,
          height: photo.height,
          ownerId: user.id,
          sha256: createHash('sha256').update(photo.full).digest('hex'),
        });
        await writeAudit(trx, {
          actorId: user.personId,
          action: 'file.upload',
          entity: 'file',
          entityId: fileId,
          after: { kind: 'photo', width: photo.width, height: photo.height, sizeBytes: photo.full.length },
          ip,
        });
        result.push(fileId);
      }
      return result;
    });
    return ids.map(fileAddress);
  } catch (error) {
    await deps.files.remove(keys);
    throw error;
  }
}

/**
 * Writes the row of a file already in the store, in the caller's transaction: an instrument file kept
 * as an import's evidence (ADR 0059). Answers its id.
 */
export function insertStoredFile(
  trx: Database,
  file: Parameters<typeof repo.insertFile>[1],
): Promise<string> {
  return repo.insertFile(trx, file);
}

/** Stores an uploaded audio file after checking its content; answers its address. */
export async function saveAudio(
  deps: FilesDeps,
  user: SessionUser,
  bytes: Buffer,
  ip: string,
): Promise<string> {
  if (bytes.length === 0) throw validation([{ field: 'file', message: FILE_MSG.emptyFile }]);
  const mime = sniffAudio(bytes);
  if (!mime) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', FILE_MSG.notAudio);
  const storageKey = await deps.files.store('audio', bytes);
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
        actorId: user.personId,
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
    await deps.files.remove([storageKey]);
    throw error;
  }
}

/**
 * The SHA-256 (hex) of each photo's stored original, by id, for a signed result (ADR 0041): recorded
 * on upload; a photo stored before that is read from the store, hashed, and its hash kept. A photo
 * whose bytes are gone from the store has none (it cannot be shown either); a store that cannot be
 * read throws, so the signing transaction fails rather than sign without it.
 */
export async function photoSha256s(
  db: Database,
  files: FileStore | undefined,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  if (ids.length === 0) return hashes;
  for (const row of await repo.photoHashes(db, ids)) {
    if (row.sha256) {
      hashes.set(row.id, row.sha256);
      continue;
    }
    if (!files) throw new Error('a photo without a recorded hash needs the file store to be signed');
    const stored = await files.open(row.storageKey);
    if (!stored) continue;
    const hash = createHash('sha256');
    for await (const chunk of stored.stream) hash.update(chunk as Buffer);
    const sha256 = hash.digest('hex');
    await repo.recordSha256(db, row.id, sha256);
    hashes.set(row.id, sha256);
  }
  return hashes;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The bytes of a stored photo or of its thumbnail (when it has one), ready to stream from whichever
 * store holds them; a file the store no longer has is the same 404 as a missing row.
 */
export async function openPhotoFile(
  files: FileStore,
  file: { id: string; storageKey: string; thumbnailKey: string | null; mime: string; sizeBytes: number },
  thumb: boolean,
) {
  const key = thumb && file.thumbnailKey ? file.thumbnailKey : file.storageKey;
  const stored = await files.open(key);
  if (!stored) throw notFound();
  return {
    mime: file.mime,
    size: stored.size,
    fileName: `photo-${file.id.slice(0, 8)}${key === file.storageKey ? '' : '-thumb'}.jpg`,
    stream: stored.stream,
  };
}

/** A stored photo by its id, for what shows it to anyone (the trust seal, ADR 0028); else 404. */
export async function openPhotoById(deps: FilesDeps, id: string, thumb = false) {
  const file = await repo.findFile(deps.db, id);
  if (!file || file.kind !== 'photo') throw notFound();
  return openPhotoFile(deps.files, file, thumb);
}

/**
 * A stored file for an admin or its owner; anyone else (and a missing id) gets the same 404.
 * `thumb` serves a photo's thumbnail.
 */
export async function openFile(deps: FilesDeps, user: SessionUser, id: string, thumb = false) {
  if (!UUID.test(id)) throw notFound();
  const file = await repo.findFile(deps.db, id);
  if (!file || (user.role !== 'admin' && file.ownerId !== user.id)) throw notFound();
  if (file.kind === 'photo') return openPhotoFile(deps.files, file, thumb);
  const extension = AUDIO_EXTENSIONS[file.mime] ?? 'bin';
  const stored = await deps.files.open(file.storageKey);
  if (!stored) throw notFound();
  return {
    mime: file.mime,
    size: stored.size,
    fileName: `${file.kind}-${file.id.slice(0, 8)}.${extension}`,
    stream: stored.stream,
  };
}

/**
 * How old an unused file must be before the sweep removes it: a day, so a form left open through a
 * working day never loses the photo it has uploaded (ADR 17).
 */
export const UNUSED_FILE_GRACE_HOURS = 24;
/** Files deleted per transaction: the locks are held, and the disk waits, for one batch at a time. */
export const UNUSED_FILE_BATCH = 100;

export interface SweepResult {
  photo: number;
  audio: number;
}

/**
 * One sweep: removes the files nothing references that are older than the grace period (packet
 * photos never attached, workshop audio never linked), batch by batch, each its own transaction; the
 * stored file and thumbnail go after the rows' commit (a file already missing is fine). Goes on while
 * a batch comes back full, unless `shouldStop` says otherwise.
 */
export async function removeUnusedFiles(
  deps: FilesDeps,
  options: { batchSize?: number; shouldStop?: () => boolean } = {},
): Promise<SweepResult> {
  const limit = options.batchSize ?? UNUSED_FILE_BATCH;
  const result: SweepResult = { photo: 0, audio: 0 };
  for (;;) {
    const batch = await deps.db
      .transaction()
      .execute((trx) => repo.deleteUnusedFiles(trx, { graceSeconds: UNUSED_FILE_GRACE_HOURS * 3600, limit }));
    await deps.files.remove(
      batch.removed.flatMap((f) => (f.thumbnailKey ? [f.storageKey, f.thumbnailKey] : [f.storageKey])),
    );
    for (const file of batch.removed) result[file.kind] += 1;
    if (batch.locked < limit || options.shouldStop?.()) return result;
  }
}
