import { Alert, Button, Group, Text } from '@mantine/core';
import { IMPORT_MSG, IMPORT_PROBLEMS, IMPORT_PROBLEM_LABELS, toPersianDigits } from '@ayar/contract';
import type { ImportPreviewResponse } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { SectionCard } from '../../../components/ui/SectionCard.tsx';
import { PreviewTable } from './PreviewTable.tsx';

const fa = (n: number) => toPersianDigits(n);

/** The rows with no problem: they start chosen, and «انتخاب همه» chooses them all again. */
export const applicableRows = (preview: ImportPreviewResponse): number[] =>
  preview.rows.filter((r) => r.problem === null).map((r) => r.row);

/** How many rows can be recorded, and how many cannot, by why. */
function PreviewCounts({ preview }: { preview: ImportPreviewResponse }) {
  const problems = IMPORT_PROBLEMS.map(
    (p) => [p, preview.rows.filter((r) => r.problem === p).length] as const,
  ).filter(([, n]) => n > 0);
  const withProblem = preview.rows.length - applicableRows(preview).length;
  return (
    <Text size="sm" data-testid="import-counts">
      قابل ثبت: <Ltr>{fa(applicableRows(preview).length)}</Ltr>؛ دارای مشکل: <Ltr>{fa(withProblem)}</Ltr>
      {problems.length > 0 && ' ('}
      {problems.map(([p, n], i) => (
        <span key={p}>
          {i > 0 && '، '}
          {IMPORT_PROBLEM_LABELS[p]}: <Ltr>{fa(n)}</Ltr>
        </span>
      ))}
      {problems.length > 0 && ')'}
    </Text>
  );
}

/**
 * The preview (ADR 0059): nothing is recorded yet; the rounding rule in words, the counts, the rows with
 * their checkboxes and «ثبت n عیار» for the chosen ones.
 */
export function PreviewSection({
  preview,
  selected,
  onSelect,
  onApply,
  applying,
}: {
  preview: ImportPreviewResponse;
  selected: ReadonlySet<number>;
  onSelect: (next: ReadonlySet<number>) => void;
  onApply: () => void;
  applying: boolean;
}) {
  const toggle = (row: number) => {
    const next = new Set(selected);
    if (!next.delete(row)) next.add(row);
    onSelect(next);
  };
  return (
    <SectionCard id="import-preview-title" title="پیش‌نمایش">
      <Alert color="blue" role="status">
        {IMPORT_MSG.previewed}
      </Alert>
      <Text size="sm" c="dimmed">
        طلا به در هزار و گرد به پایین: <Ltr>۷۵٫۰۸٪</Ltr> ← <Ltr>۷۵۰</Ltr>؛ دستگاه:{' '}
        <Ltr>{preview.instrument}</Ltr>
      </Text>
      <PreviewCounts preview={preview} />
      <PreviewTable
        rows={preview.rows}
        selected={selected}
        onToggle={toggle}
        onToggleAll={(on) => onSelect(new Set(on ? applicableRows(preview) : []))}
      />
      <Group justify="flex-end">
        <Button onClick={onApply} loading={applying} disabled={selected.size === 0}>
          {/* One span: the button's label is a flex box, which would drop the spaces around the number. */}
          <span>
            ثبت <Ltr>{fa(selected.size)}</Ltr> عیار
          </span>
        </Button>
      </Group>
    </SectionCard>
  );
}
