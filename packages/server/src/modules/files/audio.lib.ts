/**
 * Recognises an audio file by its first bytes (docs/product.md §7.2: uploads are checked by content, never by
 * name or declared type). Returns the MIME type to serve it with, or null when it is not audio we take.
 */
export function sniffAudio(bytes: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 12) return null;
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  // An MPEG audio frame header: 11 sync bits, a valid version and layer (not «reserved»).
  if (
    bytes[0] === 0xff &&
    (bytes[1]! & 0xe0) === 0xe0 &&
    (bytes[1]! & 0x18) !== 0x08 &&
    (bytes[1]! & 0x06) !== 0
  ) {
    // 0xFFF1/0xFFF9 with layer 0 is AAC (ADTS), excluded above by the layer check.
    return 'audio/mpeg';
  }
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(4, 8) === 'ftyp') return 'audio/mp4';
  if (ascii(0, 5) === '#!AMR') return 'audio/amr';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  return null;
}

/** A file-name extension for a sniffed audio type (for the download name). */
export const AUDIO_EXTENSIONS: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'audio/amr': 'amr',
  'audio/webm': 'webm',
};
