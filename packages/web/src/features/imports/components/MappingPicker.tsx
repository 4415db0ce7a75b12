import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GOLD_UNIT_LABELS } from '@ayar/contract';
import type { GoldUnit, ImportMapping } from '@ayar/contract';
import { confirmAction } from '../../../components/ui/confirm.tsx';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { alertSuccess } from '../../../lib/alert.ts';
import { IMPORT_KEYS, importQueries, useDeleteImportMapping } from '../api.ts';
import { MappingForm } from './MappingForm.tsx';

/** «درصد» of «درصد (مثل ۷۵٫۰۸)»: the unit's name without its example. */
const unitWord = (unit: GoldUnit) => GOLD_UNIT_LABELS[unit].replace(/\s*\(.*\)$/, '');

/** What a mapping reads, in words: the two columns, the unit, and what it strips. */
function MappingSummary({ mapping }: { mapping: ImportMapping }) {
  return (
    <Text size="sm" c="dimmed">
      ستون شناسه نمونه: <Ltr>{mapping.sampleColumn}</Ltr>؛ ستون طلا: <Ltr>{mapping.goldColumn}</Ltr>؛ واحد:{' '}
      {unitWord(mapping.goldUnit)}؛ دستگاه: <Ltr>{mapping.instrument}</Ltr>
      {mapping.stripPrefix && (
        <>
          ؛ پیشوند حذف‌شدنی: <Ltr>{mapping.stripPrefix}</Ltr>
        </>
      )}
      {mapping.stripSuffix && (
        <>
          ؛ پسوند حذف‌شدنی: <Ltr>{mapping.stripSuffix}</Ltr>
        </>
      )}
    </Text>
  );
}

/**
 * «الگوی خواندن فایل»: the ready-made mappings and the lab's own, what the chosen one reads, a new one
 * and deleting one of the lab's own (ADR 0059).
 */
export function MappingPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
}) {
  const mappings = useQuery(importQueries.mappings());
  const queryClient = useQueryClient();
  const remove = useDeleteImportMapping();
  const [creating, setCreating] = useState(false);
  const list = mappings.data ?? [];
  const chosen = list.find((m) => m.id === value) ?? null;
  const data = [
    {
      group: 'الگوهای آماده',
      items: list.filter((m) => m.preset).map((m) => ({ value: m.id, label: m.name })),
    },
    {
      group: 'الگوهای این آزمایشگاه',
      items: list.filter((m) => !m.preset).map((m) => ({ value: m.id, label: m.name })),
    },
  ].filter((g) => g.items.length > 0);

  const deleteChosen = async () => {
    if (!chosen || chosen.preset) return;
    const ok = await confirmAction({
      message: `الگوی «${chosen.name}» حذف شود؟`,
      danger: true,
      confirmLabel: 'حذف',
    });
    if (!ok) return;
    const envelope = await remove.mutateAsync({ id: chosen.id }).catch(() => null);
    if (!envelope) return;
    queryClient.setQueryData(importQueries.mappings().queryKey, envelope.data);
    alertSuccess('الگو حذف شد');
    onChange(null);
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="الگوی خواندن فایل"
          placeholder={mappings.isPending ? 'در حال دریافت الگوها…' : 'یک الگو انتخاب کنید'}
          data={data}
          value={value}
          onChange={onChange}
          error={error}
          allowDeselect={false}
          style={{ flex: '1 1 16rem' }}
        />
        <Button variant="light" onClick={() => setCreating(true)}>
          الگوی تازه
        </Button>
        {chosen && !chosen.preset && (
          <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => void deleteChosen()}>
            حذف این الگو
          </Button>
        )}
      </Group>
      {chosen && <MappingSummary mapping={chosen} />}
      <MappingForm
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(mapping) => {
          setCreating(false);
          void queryClient.invalidateQueries({ queryKey: IMPORT_KEYS.mappings });
          onChange(mapping.id);
        }}
      />
    </Stack>
  );
}
