import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** Writes FILE.gz and FILE.br next to a text asset, for @fastify/static's `preCompressed`. */
export function writeCompressed(file: string): void {
  const bytes = readFileSync(file);
  if (bytes.length < 1024) return;
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
