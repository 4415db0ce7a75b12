import { useState } from 'react';
import { Checkbox, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IMPORT_PROBLEM_LABELS, PACKET_STATE_LABELS, toPersianDigits } from '@ayar/contract';
import type { ImportPreviewRow } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { Paginator } from '../../../components/ui/Paginator.tsx';
import { FOCUSABLE_SCROLL } from '../../../components/ui/tableScroll.ts';

/** Rows a page: a 10,000-row file is read a hundred rows at a time. */
export const PREVIEW_PAGE_SIZE = 100;

const FILTERS = [
  { value: 'all', label: 'همه' },
  { value: 'ok', label: 'قابل ثبت' },
  { value: 'problem', label: 'دارای مشکل' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

const fa = (n: number | null) => (n === null ? '—' : toPersianDigits(n));

function PreviewRow({
  row,
  checked,
  onToggle,
}: {
  row: ImportPreviewRow;
  checked: boolean;
  onToggle: () => void;
}) {
  const ok = row.problem === null;
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          aria-label={`انتخاب ردیف ${toPersianDigits(row.row)}`}
          checked={ok && checked}
          disabled={!ok}
          onChange={onToggle}
        />
      </Table.Td>
      <Table.Td>
        <Ltr>{fa(row.row)}</Ltr>
      </Table.Td>
      <Table.Td>
        <Ltr>{fa(row.docNumber)}</Ltr>
      </Table.Td>
      <Table.Td>
        <Ltr>{fa(row.purity)}</Ltr>
      </Table.Td>
      <Table.Td>{row.state ? PACKET_STATE_LABELS[row.state] : '—'}</Table.Td>
      <Table.Td c={ok ? undefined : 'red.8'}>
        {row.problem === null ? '—' : IMPORT_PROBLEM_LABELS[row.problem]}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The preview's rows (ADR 0059): each with its packet, the purity it would record, the packet's state
 * and its problem; the rows that can be applied have a checkbox, the others say why not.
 */
export function PreviewTable({
  rows,
  selected,
  onToggle,
  onToggleAll,
}: {
  rows: readonly ImportPreviewRow[];
  selected: ReadonlySet<number>;
  onToggle: (row: number) => void;
  onToggleAll: (on: boolean) => void;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const shown = rows.filter((r) => filter === 'all' || (filter === 'ok') === (r.problem === null));
  const pageRows = shown.slice((page - 1) * PREVIEW_PAGE_SIZE, page * PREVIEW_PAGE_SIZE);
  const applicable = rows.filter((r) => r.problem === null);
  const allOn = applicable.length > 0 && applicable.every((r) => selected.has(r.row));
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="ردیف‌های نشان‌داده"
        data={FILTERS.map((f) => ({ ...f }))}
        value={filter}
        onChange={(v) => {
          setFilter(v as Filter);
          setPage(1);
        }}
        style={{ alignSelf: 'flex-start' }}
      />
      <Table.ScrollContainer minWidth={640} {...FOCUSABLE_SCROLL}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Checkbox
                  aria-label="انتخاب همه"
                  title="انتخاب همهٔ ردیف‌های قابل ثبت"
                  checked={allOn}
                  indeterminate={!allOn && selected.size > 0}
                  disabled={applicable.length === 0}
                  onChange={() => onToggleAll(!allOn)}
                />
              </Table.Th>
              <Table.Th>ردیف</Table.Th>
              <Table.Th>شماره بسته</Table.Th>
              <Table.Th>عیار</Table.Th>
              <Table.Th>وضعیت بسته</Table.Th>
              <Table.Th>مشکل</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pageRows.map((row) => (
              <PreviewRow
                key={row.row}
                row={row}
                checked={selected.has(row.row)}
                onToggle={() => onToggle(row.row)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          ردیفی با این انتخاب نیست.
        </Text>
      )}
      <Paginator page={page} pageSize={PREVIEW_PAGE_SIZE} total={shown.length} onChange={setPage} />
    </Stack>
  );
}
