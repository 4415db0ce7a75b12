import { EXPORT_ROWS_HEADER } from '@ayar/contract';
import type { ApiRoute } from './api.ts';
import { apiFileResponse } from './api.ts';

// The lists' Excel and CSV files (docs/product.md §2.16, ADR 0055): fetched with the login's token (a
// plain link cannot send it), read as a stream so the screen can show how far it is, then saved through
// a Blob URL under the Persian name the server gives.

/** How far a download is: bytes so far, of `totalBytes` when the server said (else null). */
export interface DownloadProgress {
  bytes: number;
  totalBytes: number | null;
  /** The file's rows (`X-Export-Rows`), known before the first byte; null when not sent. */
  rows: number | null;
}

/**
 * The file name of a `Content-Disposition`: `filename*=UTF-8''…` (RFC 6266/5987, the Persian name)
 * before the plain `filename="…"`; `fallback` when neither is there or readable.
 */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      const name = decodeURIComponent((extended[2] ?? '').trim().replace(/^"|"$/g, ''));
      if (name) return safeName(name);
    } catch {
      // A broken escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name ? safeName(name) : fallback;
}

/** No folders in a saved file's name. */
function safeName(name: string): string {
  return name.replace(/[/\\]/g, '_');
}

function numberHeader(response: Response, name: string): number | null {
  const value = response.headers.get(name);
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Reads a body chunk by chunk, telling `onChunk` the bytes so far; stops when `signal` aborts. */
async function readAll(
  response: Response,
  signal: AbortSignal | undefined,
  onChunk: (bytes: number) => void,
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      parts.push(value as Uint8Array<ArrayBuffer>);
      bytes += value.byteLength;
      onChunk(bytes);
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return new Blob(parts, { type });
}

/**
 * The name a download is saved under: Chromium turns the zero-width non-joiner of Persian words
 * («بسته‌ها») into «_» («بسته_ها»), so it becomes a space, which every browser keeps.
 */
export function downloadName(name: string): string {
  return name.replace(/\u200c/g, ' ');
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(name);
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the browser keeps its own copy.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** The name when the server gives none. */
  fallbackName: string;
}

/**
 * Fetches an export and saves it. Rejects with `ApiError` (already shown to the person) on a refusal,
 * with the abort's reason when cancelled.
 */
export async function downloadExport(
  route: ApiRoute,
  query: unknown,
  { signal, onProgress, fallbackName }: DownloadOptions,
): Promise<{ fileName: string; rows: number | null; bytes: number }> {
  const response = await apiFileResponse(route, query, { signal });
  const rows = numberHeader(response, EXPORT_ROWS_HEADER);
  const totalBytes = numberHeader(response, 'content-length');
  onProgress?.({ bytes: 0, totalBytes, rows });
  const blob = await readAll(response, signal, (bytes) => onProgress?.({ bytes, totalBytes, rows }));
  const fileName = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, fileName);
  return { fileName, rows, bytes: blob.size };
}

/** «۱٫۲ مگابایت», «۳۴۰ کیلوبایت»: a download's size so far. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes.toLocaleString('fa-IR')} بایت`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024).toLocaleString('fa-IR')} کیلوبایت`;
  const mb = bytes / (1024 * 1024);
  return `${mb.toLocaleString('fa-IR', { maximumFractionDigits: 1 })} مگابایت`;
}
