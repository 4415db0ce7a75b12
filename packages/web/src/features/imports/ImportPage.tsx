import { useState } from 'react';
import { Alert, Button, FileInput, Group, Progress, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IMPORT_LIMITS, IMPORT_MSG, toPersianDigits } from '@ayar/contract';
import type { ImportApplyResponse, ImportPreviewResponse } from '@ayar/contract';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { ApiError } from '../../lib/api.ts';
import { PACKETS_KEY } from '../../lib/queries/packets.ts';
import { previewImport, useImportApply } from './api.ts';
import { MappingPicker } from './components/MappingPicker.tsx';
import { PreviewSection, applicableRows } from './components/PreviewSection.tsx';

const fa = (n: number) => toPersianDigits(n);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : IMPORT_MSG.importGone);

type UploadErrors = { file?: string | undefined; mappingId?: string | undefined };

/**
 * The upload: the file's size is checked before anything is sent (ADR 0059: at most 5 MB), then the
 * file goes with a progress bar; the server's refusal (413, 415, a bad file) goes under the file field.
 */
function usePreview() {
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<UploadErrors>({});
  const run = async (file: File | null, mappingId: string | null) => {
    const missing: UploadErrors = {};
    if (!file) missing.file = IMPORT_MSG.noFile;
    else if (file.size > IMPORT_LIMITS.maxBytes) missing.file = IMPORT_MSG.tooLarge;
    if (!mappingId) missing.mappingId = IMPORT_MSG.mapping;
    setErrors(missing);
    setPreview(null);
    if (!file || !mappingId || missing.file) return null;
    setProgress(0);
    try {
      const envelope = await previewImport(file, mappingId, setProgress);
      setPreview(envelope.data);
      return envelope.data;
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : [];
      const mappingError = fields.find((e) => e.field === 'mappingId')?.message;
      const fileError = fields.find((e) => e.field !== 'mappingId')?.message;
      setErrors(
        mappingError || fileError ? { mappingId: mappingError, file: fileError } : { file: messageOf(error) },
      );
      return null;
    } finally {
      setProgress(null);
    }
  };
  return { preview, setPreview, progress, errors, run };
}

/** What the last apply recorded, said on the page until the next preview. */
function AppliedAlert({ result }: { result: ImportApplyResponse }) {
  return (
    <Alert color="teal" role="status" title="ثبت شد">
      <Ltr>{fa(result.recorded)}</Ltr> عیار ثبت شد
      {result.pending > 0 && (
        <>
          ؛ <Ltr>{fa(result.pending)}</Ltr> عیار در انتظار تأیید دوم است
        </>
      )}
      .
    </Alert>
  );
}

/**
 * Applies the chosen rows, all or none (ADR 0059). A refusal because the preview went stale (404, or
 * 409 when a packet changed or it was applied already) drops the preview but keeps the file, so the
 * person previews it again; another refusal keeps the preview as it was.
 */
function useApply(
  preview: ImportPreviewResponse | null,
  selected: ReadonlySet<number>,
  setPreview: (p: ImportPreviewResponse | null) => void,
  onRecorded: () => void,
) {
  const apply = useImportApply();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ImportApplyResponse | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async () => {
    if (!preview) return;
    setRefusal(null);
    try {
      const rows = [...selected].sort((a, b) => a - b);
      const envelope = await apply.mutateAsync({ importId: preview.importId, rows });
      setResult(envelope.data);
      setPreview(null);
      onRecorded();
      await queryClient.invalidateQueries({ queryKey: PACKETS_KEY });
    } catch (error) {
      setRefusal(messageOf(error));
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) setPreview(null);
    }
  };
  const clear = () => {
    setResult(null);
    setRefusal(null);
  };
  return { run, clear, result, refusal, applying: apply.isPending };
}

/**
 * «ورود عیار از دستگاه» (docs/product.md §2.18, ADR 0059): a mapping and the instrument's exported file,
 * a preview that records nothing, then the chosen rows applied all or none as purities with method XRF.
 */
export function ImportPage() {
  const [mappingId, setMappingId] = useState<string | null>('preset-generic');
  const [file, setFile] = useState<File | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const { preview, setPreview, progress, errors, run } = usePreview();
  const apply = useApply(preview, selected, setPreview, () => {
    setSelected(new Set());
    setFile(null);
  });

  const startPreview = async () => {
    apply.clear();
    const result = await run(file, mappingId);
    setSelected(new Set(result ? applicableRows(result) : []));
  };

  return (
    <Stack gap="md">
      <SectionCard id="import-file-title" title="فایل خروجی دستگاه">
        <MappingPicker value={mappingId} onChange={setMappingId} error={errors.mappingId} />
        <FileInput
          label="فایل خروجی دستگاه (CSV یا اکسل)"
          description={`حداکثر ۵ مگابایت و ${IMPORT_LIMITS.maxRows.toLocaleString('fa-IR')} ردیف؛ سطر اول عنوان ستون‌ها`}
          placeholder="انتخاب فایل"
          accept=".csv,.xlsx"
          value={file}
          onChange={(f) => {
            setFile(f);
            setPreview(null);
          }}
          error={errors.file}
          clearable
          clearButtonProps={{ 'aria-label': 'برداشتن فایل' }}
        />
        <Group gap="sm" wrap="nowrap">
          <Button onClick={() => void startPreview()} loading={progress !== null}>
            پیش‌نمایش
          </Button>
          {progress !== null && (
            <Progress value={progress * 100} style={{ flex: 1 }} aria-label="پیشرفت ارسال فایل" animated />
          )}
        </Group>
        {apply.refusal && (
          <Alert color="red" role="alert">
            {apply.refusal}
          </Alert>
        )}
        {apply.result && <AppliedAlert result={apply.result} />}
      </SectionCard>
      {preview && (
        <PreviewSection
          preview={preview}
          selected={selected}
          onSelect={setSelected}
          onApply={() => void apply.run()}
          applying={apply.applying}
        />
      )}
    </Stack>
  );
}
