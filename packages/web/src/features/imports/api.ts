import { ROUTES } from '@ayar/contract';
import type { Envelope, ImportPreviewResponse } from '@ayar/contract';
import { apiUpload } from '../../lib/api.ts';
import { apiQuery, useApiMutation } from '../../lib/query.ts';

// The instrument import's calls (docs/product.md §2.18, ADR 0059).

export const IMPORT_KEYS = { mappings: ['imports', 'mappings'] as const };

export const importQueries = {
  /** The ready-made mappings and the lab's own. */
  mappings: () => apiQuery(IMPORT_KEYS.mappings, ROUTES.tests.importMappings),
};

export const useAddImportMapping = () => useApiMutation(ROUTES.tests.addImportMapping);
export const useDeleteImportMapping = () => useApiMutation(ROUTES.tests.deleteImportMapping);
/** Silent: the page shows a refusal beside the preview, where the person looks. */
export const useImportApply = () => useApiMutation(ROUTES.tests.importApply, { silent: true });

/**
 * Sends the file for a preview, telling how far the upload is. Silent: the page shows a refusal under
 * the file field, where the person looks; and without the «لطفاً صبر کنید» overlay, which would hide the
 * page's own progress bar (as PhotoUploader). Rejects with `ApiError`.
 */
export function previewImport(
  file: File,
  mappingId: string,
  onProgress: (fraction: number) => void,
): Promise<Envelope<ImportPreviewResponse>> {
  const form = new FormData();
  form.append('mappingId', mappingId);
  form.append('file', file, file.name);
  return apiUpload<ImportPreviewResponse>(ROUTES.tests.importPreview, form, {
    onProgress,
    silent: true,
    background: true,
  });
}
