import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { Box, Button, Group, Progress, RingProgress, Stack, Text } from '@mantine/core';
import { MSG, PHOTO_BOX, PHOTO_MAX_BYTES, ROUTES } from '@ayar/contract';
import { alertError } from '../../lib/alert.ts';
import { apiUpload } from '../../lib/api.ts';
import { toPersianDigits } from '../../lib/format.ts';
import { PhotoGallery, thumbOf } from './PhotoGallery.tsx';
import { IconPhoto } from './icons.tsx';

/** The image helper's error codes (docs/product.md §6.3), each with the Persian message the user sees. */
export const PHOTO_ERRORS = {
  INVALID_EXTENSION: 'فقط عکس با قالب JPEG یا PNG پذیرفته می‌شود',
  PNG_WITH_ALPHA: 'عکس PNG شفاف است؛ زمینه آن سفید می‌شود',
  BAD_BLOB: 'فایل عکس خراب است یا خوانده نمی‌شود',
  MAX_STEPS_EXCEEDED: 'فشرده‌سازی عکس به اندازه مجاز نرسید؛ عکس کوچک‌تری انتخاب کنید',
  FILE_BIGGER_THAN_INITIAL_FILE: 'عکس فشرده‌شده از فایل اصلی بزرگ‌تر شد',
  UNABLE_TO_COMPRESS_ENOUGH: 'عکس بیش از حد بزرگ است و فشرده نمی‌شود',
  PICA_ERROR: 'تغییر اندازه عکس در مرورگر ممکن نشد',
} as const;
export type PhotoErrorCode = keyof typeof PHOTO_ERRORS;

export class PhotoError extends Error {
  readonly code: PhotoErrorCode;
  constructor(code: PhotoErrorCode) {
    super(PHOTO_ERRORS[code]);
    this.name = 'PhotoError';
    this.code = code;
  }
}

/** Compression (docs/product.md §6.3): JPEG quality starts at 0.5 and steps down, at most 15 encodings. */
export const COMPRESSION = {
  startQuality: 0.5,
  qualityStep: 0.03,
  minQuality: 0.08,
  maxSteps: 15,
  /** What a step aims for; a photo above it after every step is still taken up to the server's limit. */
  targetBytes: 350 * 1024,
} as const;

const ACCEPTED_TYPES = ['image/jpeg', 'image/png'] as const;

/** The size that fits inside the box keeping the ratio, never enlarged. */
export function fitInside(
  width: number,
  height: number,
  maxWidth: number = PHOTO_BOX.width,
  maxHeight: number = PHOTO_BOX.height,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG or PNG by the first bytes (a renamed file is judged by what it is). */
export function sniffImage(bytes: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  return null;
}

/** Encodes at falling quality until the blob is small enough; throws MAX_STEPS_EXCEEDED past the hard limit. */
export async function compressInSteps(
  encode: (quality: number) => Promise<Blob>,
  options: { targetBytes?: number; hardLimit?: number } = {},
): Promise<{ blob: Blob; quality: number; steps: number }> {
  const targetBytes = options.targetBytes ?? COMPRESSION.targetBytes;
  const hardLimit = options.hardLimit ?? PHOTO_MAX_BYTES;
  let last: { blob: Blob; quality: number; steps: number } | null = null;
  for (let step = 0; step < COMPRESSION.maxSteps; step++) {
    const quality = Math.max(
      COMPRESSION.minQuality,
      COMPRESSION.startQuality - step * COMPRESSION.qualityStep,
    );
    const blob = await encode(Number(quality.toFixed(2)));
    last = { blob, quality, steps: step + 1 };
    if (blob.size <= targetBytes) return last;
  }
  if (last && last.blob.size <= hardLimit) return last;
  throw new PhotoError('MAX_STEPS_EXCEEDED');
}

/**
 * The browser side of a photo (docs/product.md §6.3): JPEG/PNG only (by type and first bytes), decoded
 * upright, flattened on white, resized with pica to fit 1200×880 keeping the ratio, and compressed in steps.
 */
export async function preparePhoto(file: File): Promise<Blob> {
  if (!(ACCEPTED_TYPES as readonly string[]).includes(file.type)) throw new PhotoError('INVALID_EXTENSION');
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (!sniffImage(head)) throw new PhotoError('INVALID_EXTENSION');

  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoError('BAD_BLOB');
  }
  const source = document.createElement('canvas');
  source.width = bitmap.width;
  source.height = bitmap.height;
  const context = source.getContext('2d');
  if (!context) throw new PhotoError('PICA_ERROR');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, source.width, source.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();

  const size = fitInside(source.width, source.height);
  const target = document.createElement('canvas');
  target.width = size.width;
  target.height = size.height;
  try {
    const { default: createPica } = await import('pica');
    // Plain JS in web workers (the CSP allows blob: workers); no WebAssembly, which the CSP does not allow.
    const pica = createPica({ features: ['js', 'ww'] });
    await pica.resize(source, target);
    return (await compressInSteps((quality) => pica.toBlob(target, 'image/jpeg', quality))).blob;
  } catch (error) {
    if (error instanceof PhotoError) throw error;
    throw new PhotoError('PICA_ERROR');
  }
}

/**
 * Sends one photo as AddFile expects it (multipart typeName 'Activity', fileType 'photo', `file[]`),
 * through the API client, reporting progress. Resolves with the stored file's address; rejects with
 * the message to show (the caller shows it: a photo's failure names the photo).
 */
export async function uploadPhoto(blob: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const form = new FormData();
  form.append('typeName', 'Activity');
  form.append('fileType', 'photo');
  form.append('file[]', blob, 'photo.jpg');
  const { data } = await apiUpload(ROUTES.tests.addFile, form, {
    onProgress,
    silent: true,
    background: true,
  });
  const address = Array.isArray(data) ? data[0] : data;
  if (typeof address !== 'string') throw new Error(MSG.failed);
  return address;
}

/** Sends a prepared photo and resolves with its address (`uploadPhoto`, unless a form keeps it elsewhere). */
export type PhotoUpload = (blob: Blob, onProgress: (fraction: number) => void) => Promise<string>;

interface Pending {
  key: number;
  name: string;
  stage: 'resizing' | 'uploading';
  progress: number;
}

/** The photos being prepared and uploaded, one at a time, with their local previews and the last error. */
function usePhotoUploads({
  value,
  onChange,
  max,
  onBusyChange,
  upload = uploadPhoto,
}: {
  value: string[];
  onChange: (addresses: string[]) => void;
  max: number;
  onBusyChange?: ((busy: boolean) => void) | undefined;
  upload?: PhotoUpload | undefined;
}) {
  const [pending, setPending] = useState<Pending[]>([]);
  const busy = pending.length > 0;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  // The latest list, for uploads that finish after a re-render (several photos in a row).
  const latest = useRef(value);
  const keySeq = useRef(0);
  const previewsRef = useRef(previews);
  useEffect(() => {
    latest.current = value;
    previewsRef.current = previews;
  });

  // The local previews are blob URLs: let them go with the form.
  useEffect(
    () => () => {
      for (const url of Object.values(previewsRef.current)) URL.revokeObjectURL(url);
    },
    [],
  );

  const room = Math.max(0, max - value.length - pending.length);
  const update = (key: number, patch: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  async function addFiles(list: FileList | null) {
    if (!list || list.length === 0) return;
    setError(null);
    const files = Array.from(list);
    const accepted = files.slice(0, room);
    if (files.length > accepted.length) {
      setError(`حداکثر ${toPersianDigits(max)} عکس برای هر بسته می‌توان گذاشت`);
    }
    const jobs = accepted.map((file) => ({ file, key: ++keySeq.current }));
    setPending((current) => [
      ...current,
      ...jobs.map(({ file, key }) => ({ key, name: file.name, stage: 'resizing' as const, progress: 0 })),
    ]);
    // One at a time: a phone's memory holds one full-size photo comfortably, not ten.
    for (const { file, key } of jobs) {
      try {
        const blob = await preparePhoto(file);
        update(key, { stage: 'uploading', progress: 0 });
        const address = await upload(blob, (fraction) => update(key, { progress: fraction }));
        const next = [...latest.current, address];
        latest.current = next;
        onChange(next);
        setPreviews((p) => ({ ...p, [address]: URL.createObjectURL(blob) }));
      } catch (err) {
        const message = err instanceof Error ? err.message : MSG.failed;
        setError(`${file.name}: ${message}`);
        alertError(message);
      } finally {
        setPending((current) => current.filter((p) => p.key !== key));
      }
    }
  }

  const remove = (index: number) => {
    const next = value.filter((_, i) => i !== index);
    latest.current = next;
    onChange(next);
  };

  return { pending, previews, error, room, addFiles, remove };
}

/** A photo on its way: a ring with «...» while it is prepared, then the upload's percentage. */
function PendingTile({ job: p }: { job: Pending }) {
  return (
    <Box
      w={64}
      h={64}
      bg="gray.1"
      style={{ borderRadius: 6, display: 'grid', placeItems: 'center' }}
      role="status"
      aria-label={
        p.stage === 'resizing'
          ? `در حال آماده‌سازی ${p.name}`
          : `در حال بارگذاری ${p.name}: ${toPersianDigits(Math.round(p.progress * 100))}٪`
      }
    >
      <RingProgress
        size={52}
        thickness={5}
        roundCaps
        sections={[{ value: p.stage === 'resizing' ? 5 : p.progress * 100, color: 'gold.6' }]}
        label={
          <Text size="10px" ta="center" fw={600}>
            {p.stage === 'resizing' ? '...' : `${toPersianDigits(Math.round(p.progress * 100))}٪`}
          </Text>
        }
      />
    </Box>
  );
}

/** The hidden file inputs' props: JPEG or PNG, handed over and then cleared for the next pick. */
function filePicker(onFiles: (files: FileList | null) => void) {
  return {
    type: 'file' as const,
    accept: ACCEPTED_TYPES.join(','),
    hidden: true,
    tabIndex: -1,
    'aria-hidden': true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onFiles(event.currentTarget.files);
      event.currentTarget.value = '';
    },
  };
}

/**
 * Packet photos in a form: take a picture (phones) or choose files, each checked, resized and
 * compressed in the browser, then uploaded with a progress bar. Shows thumbnails with remove and a
 * full-size viewer. `value` is the list of uploaded addresses (`/api/v1.0/Files/<id>`).
 */
export function PhotoUploader({
  value,
  onChange,
  max = 10,
  onBusyChange,
  upload,
}: {
  value: string[];
  onChange: (addresses: string[]) => void;
  max?: number;
  /** Told when photos start and stop being prepared or uploaded, so a form can wait for them. */
  onBusyChange?: (busy: boolean) => void;
  /** Where a prepared photo goes instead of `uploadPhoto` (lab/add keeps it on the device offline). */
  upload?: PhotoUpload;
}) {
  const uploads = usePhotoUploads({ value, onChange, max, onBusyChange, upload });
  const { pending, previews, error, room } = uploads;
  const galleryInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);

  const images = value.map((address) => {
    const local = previews[address];
    return local ? { full: local, thumb: local } : { full: address, thumb: thumbOf(address) };
  });
  const pickerProps = filePicker((files) => void uploads.addFiles(files));

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPhoto size={18} />}
          onClick={() => galleryInput.current?.click()}
          disabled={room === 0}
        >
          انتخاب عکس
        </Button>
        <Button
          variant="default"
          onClick={() => cameraInput.current?.click()}
          disabled={room === 0}
          hiddenFrom="sm"
        >
          گرفتن عکس
        </Button>
        <Text size="xs" c="dimmed">
          JPEG یا PNG، حداکثر {toPersianDigits(max)} عکس
        </Text>
      </Group>
      <input ref={galleryInput} multiple data-testid="photo-input" {...pickerProps} />
      <input ref={cameraInput} capture="environment" {...pickerProps} />
      {(value.length > 0 || pending.length > 0) && (
        <PhotoGallery images={images} onRemove={uploads.remove} title="عکس‌های بسته">
          {uploads.pending.map((p) => (
            <PendingTile key={p.key} job={p} />
          ))}
        </PhotoGallery>
      )}
      {pending.length > 0 && (
        <Progress
          size="xs"
          value={(pending.reduce((sum, p) => sum + p.progress, 0) / pending.length) * 100}
          animated
          aria-label="پیشرفت بارگذاری عکس‌ها"
        />
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
