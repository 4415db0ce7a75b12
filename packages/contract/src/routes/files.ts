import { z } from 'zod';
import { queryBoolean } from '../common/inputs.ts';
import { PHOTO_MAX_FILES } from '../results-constants.ts';
import { routesOf, fileBytesSchema } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('files');

/** The audio types a workshop's alert sound may have, and the photos' re-encoded type. */
const STORED_FILE_TYPES = [
  'image/jpeg',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/mp4',
  'audio/amr',
  'audio/webm',
] as const;

export const addFile = route(P.tests.addFile, {
  summary: 'Uploads packet photos, or a workshop alert sound (admin), as a multipart form',
  description:
    'A multipart/form-data upload, so no JSON body: the fields `typeName` and `fileType`, then the ' +
    'file(s) under `file` (or `file[]`). Photos: `typeName=Activity`, `fileType=photo`, up to ' +
    `${PHOTO_MAX_FILES} images of at most 8 MB each, checked by content and re-encoded as JPEG ` +
    '(within 1200×880, with a thumbnail). Audio: `typeName=User`, `fileType=Audio`, one file of at most ' +
    "5 MB, administrators only. The answer is the new file's address, or a list of addresses when " +
    'several photos were sent. Too large is TOO_LARGE (413), a file of another type ' +
    'UNSUPPORTED_MEDIA_TYPE (415). At most 60 uploads a minute per user.',
  multipart: z.object({
    typeName: z
      .enum(['Activity', 'User'])
      .describe('`Activity` for packet photos, `User` for an alert sound'),
    fileType: z.enum(['photo', 'Audio']).describe('`photo` or `Audio` (case does not matter)'),
    file: z
      .array(z.file())
      .min(1)
      .max(PHOTO_MAX_FILES)
      .describe('The file(s), one part each (also taken as `file[]`); one for an alert sound'),
  }),
  response: z.union([z.string(), z.array(z.string())]).describe('`/api/v1.0/Files/<id>`, or a list of them'),
  example: { response: `/api/v1.0/Files/${EX.fileId}` },
});

export const get = route(P.files.get, {
  summary: "An uploaded file's bytes (a photo or a workshop's alert sound), to an administrator or its owner",
  description:
    'Binary: the answer is the file itself (JPEG for photos, the audio type it was uploaded in), not the ' +
    "envelope; `thumb=1` serves a photo's thumbnail. Anyone else's file, or a missing one, is NOT_FOUND " +
    '(as the envelope).',
  params: z.object({ id: z.string().max(100) }),
  query: z.object({ thumb: queryBoolean }),
  response: fileBytesSchema,
  fileTypes: STORED_FILE_TYPES,
  example: { params: { id: EX.fileId }, request: { thumb: true } },
});
