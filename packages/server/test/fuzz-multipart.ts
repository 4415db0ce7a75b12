// Malformed uploads for the one multipart route (POST /Tests/AddFile). Its body is a form, not JSON, so
// the OpenAPI document has no schema to build requests from; the fuzz test sends these instead.
interface Part {
  name: string;
  filename?: string;
  type?: string;
  body: string | Buffer;
}

/** A multipart body; `close: false` leaves the closing boundary out (a truncated upload). */
function form(boundary: string, parts: Part[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export interface RawRequest {
  note: string;
  headers: Record<string, string>;
  payload: string | Buffer;
}

const B = 'fuzzBoundary7MA4YWxkTrZu0gW';
const multipart = (note: string, payload: Buffer | string, boundary = B): RawRequest => ({
  note,
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload,
});

/**
 * Every way an upload can be wrong that we could think of, and a few that look almost right. `random`
 * (the fuzz run's seeded generator) makes the junk bytes, so every run sends the same ones.
 */
export function malformedUploads(random: () => number): RawRequest[] {
  const junk = Buffer.from(Array.from({ length: 2048 }, () => Math.floor(random() * 256)));
  const photo = (body: Buffer | string, filename = 'a.jpg'): Part[] => [
    { name: 'typeName', body: 'activity' },
    { name: 'fileType', body: 'photo' },
    { name: 'file', filename, type: 'image/jpeg', body },
  ];
  const audio = (body: Buffer | string): Part[] => [
    { name: 'typeName', body: 'user' },
    { name: 'fileType', body: 'audio' },
    { name: 'file', filename: 'a.mp3', type: 'audio/mpeg', body },
  ];
  return [
    { note: 'bad JSON', headers: { 'content-type': 'application/json' }, payload: '{bad' },
    { note: 'a JSON object', headers: { 'content-type': 'application/json' }, payload: '{"file":"x"}' },
    { note: 'a NUL as JSON', headers: { 'content-type': 'application/json' }, payload: '"\u0000"' },
    { note: 'plain text', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    {
      note: 'a url-encoded form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    },
    { note: 'no content type', headers: {}, payload: '' },
    {
      note: 'multipart/mixed',
      headers: { 'content-type': `multipart/mixed; boundary=${B}` },
      payload: form(B, photo(junk)),
    },
    { note: 'no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' },
    multipart('an empty boundary', form('', photo(junk)), ''),
    multipart('an empty body', ''),
    multipart('only the closing boundary', `--${B}--\r\n`),
    multipart('another boundary in the body', form('other', photo(junk))),
    multipart('a truncated photo', form(B, photo(junk), false)),
    multipart('a part without headers', `--${B}\r\n\r\nxyz\r\n--${B}--\r\n`),
    multipart('a part without a name', `--${B}\r\nContent-Disposition: form-data\r\n\r\nxyz\r\n--${B}--\r\n`),
    multipart('junk as a photo', form(B, photo(junk))),
    multipart('an empty photo', form(B, photo(Buffer.alloc(0)))),
    multipart(
      'a PNG header and junk',
      form(B, photo(Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), junk]))),
    ),
    multipart('junk as audio', form(B, audio(junk))),
    multipart('a NUL in the file name', form(B, photo(junk, 'a\u0000.jpg'))),
    multipart('a path as the file name', form(B, photo(junk, '../../../etc/passwd'))),
    multipart('a long file name', form(B, photo(junk, 'ب'.repeat(2000)))),
    multipart(
      'a NUL in typeName',
      form(B, [{ name: 'typeName', body: 'activity\u0000' }, ...photo(junk).slice(1)]),
    ),
    multipart(
      'Persian digits and marks in fileType',
      form(B, [
        { name: 'fileType', body: '\u200fphoto۱' },
        { name: 'file', filename: 'a', body: junk },
      ]),
    ),
    multipart(
      'a field over the size limit',
      form(B, [{ name: 'typeName', body: 'x'.repeat(5000) }, ...photo(junk).slice(1)]),
    ),
    multipart(
      'a __proto__ field',
      form(B, [{ name: '__proto__', body: '{"polluted":"yes"}' }, ...photo(junk)]),
    ),
    multipart('a constructor field', form(B, [{ name: 'constructor', body: 'x' }, ...photo(junk)])),
    multipart('the file before the form fields', form(B, [...photo(junk)].reverse())),
    multipart(
      'a file under another name',
      form(B, [...photo(junk).slice(0, 2), { name: 'upload', filename: 'a', body: junk }]),
    ),
    multipart('two audio files', form(B, [...audio(junk), { name: 'file', filename: 'b.mp3', body: junk }])),
    multipart(
      'too many photos',
      form(B, [
        ...photo(junk).slice(0, 2),
        ...Array.from({ length: 12 }, () => ({ name: 'file[]', filename: 'a.jpg', body: junk })),
      ]),
    ),
    multipart(
      'too many fields',
      form(
        B,
        Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, body: 'x' })),
      ),
    ),
  ];
}
