import { z } from 'zod';
import {
  deleteImportMappingSchema,
  IMPORT_FILE_TYPES,
  IMPORT_LIMITS,
  importApplyResponseSchema,
  importApplySchema,
  importIdQuerySchema,
  importMappingDraftSchema,
  importMappingListSchema,
  importMappingSchema,
  importPreviewResponseSchema,
} from '../imports.ts';
import { fileBytesSchema, routesOf } from './define.ts';
import { EX } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('imports');

const MAPPING_EXAMPLE = {
  id: 'preset-fischerscope',
  preset: true,
  name: 'Fischerscope XAN (WinFTM)',
  instrument: 'Fischerscope XAN',
  sampleColumn: 'Sample',
  goldColumn: 'Au [%]',
  goldUnit: 'percent' as const,
  stripPrefix: null,
  stripSuffix: null,
};

export const importMappings = route(P.tests.importMappings, {
  summary: "The ready-made mappings (`preset-…`) and the lab's own, for reading instrument files",
  response: importMappingListSchema,
  example: { response: [MAPPING_EXAMPLE] },
});

export const addImportMapping = route(P.tests.addImportMapping, {
  summary: "Saves one of the lab's column mappings for an instrument's results file",
  description:
    'Columns are named by their header text, compared trimmed, in any case, with Arabic yeh and kaf ' +
    `read as Persian ones. \`goldUnit\` is \`percent\` or \`permille\`. At most ${IMPORT_LIMITS.maxMappings} ` +
    'mappings a lab, with distinct names (a taken name is CONFLICT).',
  body: importMappingDraftSchema,
  response: importMappingSchema,
  example: {
    request: {
      name: 'دستگاه میز دوم',
      instrument: 'Fischerscope XAN 250',
      sampleColumn: 'Sample',
      goldColumn: 'Au [%]',
      goldUnit: 'percent',
      stripPrefix: 'AY-',
    },
    response: {
      ...MAPPING_EXAMPLE,
      id: EX.customerId,
      preset: false,
      name: 'دستگاه میز دوم',
      instrument: 'Fischerscope XAN 250',
      stripPrefix: 'AY-',
    },
  },
});

export const deleteImportMapping = route(P.tests.deleteImportMapping, {
  summary: "Deletes one of the lab's own mappings (previews already made keep what they read)",
  description: "A ready-made mapping cannot be deleted; another lab's is NOT_FOUND.",
  body: deleteImportMappingSchema,
  response: importMappingListSchema,
  example: { request: { id: EX.customerId }, response: [MAPPING_EXAMPLE] },
});

export const importPreview = route(P.tests.importPreview, {
  summary: "Reads an instrument's results file and shows, row by row, what it would record; records nothing",
  description:
    'A multipart/form-data upload: the field `mappingId` (a ready-made `preset-…` or the lab’s own), ' +
    `then one file under \`file\` (a second is VALIDATION): CSV (comma, semicolon or tab; UTF-8, UTF-16 or Windows-1256) or xlsx ` +
    `(the first sheet), at most ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ` +
    `${IMPORT_LIMITS.maxRows.toLocaleString('en')} rows, checked by content (another type is ` +
    'UNSUPPORTED_MEDIA_TYPE, too large TOO_LARGE). Cells are data only: formulas give their saved value ' +
    'and links are never followed. Gold becomes per mille rounded down (75.08 % → 750). Each row ' +
    'names the lab’s live packet it matches and its `problem`, if any: `noSample`, `notNumber`, ' +
    '`range` (outside 600–999), `notFound` (no such packet in this lab), `hasPurity`, `conflict` ' +
    '(rows for one packet disagree), `duplicate` (the same purity again). The file is kept with its ' +
    'SHA-256 and the preview can be applied for a day.',
  multipart: z.object({
    mappingId: z.string().describe('A ready-made mapping (`preset-…`) or the id of one of the lab’s own'),
    file: z.file().describe('The instrument’s results file: CSV or xlsx, one part'),
  }),
  response: importPreviewResponseSchema,
  example: {
    response: {
      importId: EX.packetId,
      instrument: 'Fischerscope XAN',
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      rows: [
        { row: 1, docNumber: 1_000_123, purity: 750, packetId: EX.packetId, state: 'waiting', problem: null },
        { row: 2, docNumber: 1_000_124, purity: 999, packetId: null, state: null, problem: 'notFound' },
      ],
    },
  },
});

export const importApply = route(P.tests.importApply, {
  summary: 'Records the chosen rows of a preview, each as a typed purity would be, with method `xrf`',
  description:
    'All or none, in one transaction: a chosen row with a problem, or whose packet changed since the ' +
    'preview, refuses the whole apply (VALIDATION or CONFLICT) and nothing is recorded. Each purity ' +
    'goes through the same rules as `AddCutting` (the second verification when the lab or the network ' +
    'requires it, the SMS, the signed version), names the mapping’s instrument, and keeps the file as ' +
    'its evidence. A preview older than a day, another lab’s or already applied is NOT_FOUND or CONFLICT.',
  body: importApplySchema,
  response: importApplyResponseSchema,
  example: {
    request: { importId: EX.packetId, rows: [1] },
    response: { recorded: 1, published: 1, pending: 0 },
  },
});

export const importFile = route(P.tests.importFile, {
  summary: 'The instrument file an import was read from, as uploaded (evidence)',
  description: "Binary: the file itself. Another lab's import is NOT_FOUND (as the envelope).",
  query: importIdQuerySchema,
  response: fileBytesSchema,
  fileTypes: IMPORT_FILE_TYPES,
  example: { request: { importId: EX.packetId } },
});
