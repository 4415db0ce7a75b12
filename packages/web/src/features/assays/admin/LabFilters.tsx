import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { jalaliRangeToGregorian } from '@ayar/contract';
import type { DateRangeErrors } from '@ayar/contract';
import { DigitsInput } from '../../../components/ui/DigitsInput.tsx';
import { useIsDesktop } from '../../../components/ui/ListTable.tsx';
import { IconAdjustments, IconChevron, IconSearch } from '../../../components/ui/icons.tsx';
import { UserAutocomplete } from '../../workshops/components/UserAutocomplete.tsx';
import type { UserAutocompleteValue } from '../../workshops/components/UserAutocomplete.tsx';
import { FILTER_TYPES, PacketDateRange } from '../components/PacketFilterFields.tsx';

/** What the lists send to `GET /Manage/AllTests` besides the paging (dates already Gregorian). */
export interface AppliedLabFilter {
  tester?: string;
  filterType?: number;
  filterValue?: string;
  fromDate?: string;
  toDate?: string;
}

interface Draft {
  tester: UserAutocompleteValue | null;
  filterType: string;
  filterValue: string;
  fromDate: string;
  toDate: string;
}

const EMPTY: Draft = { tester: null, filterType: '1', filterValue: '', fromDate: '', toDate: '' };

/** Counts what a filter narrows, for the collapsed header on phones. */
function activeCount(f: AppliedLabFilter): number {
  return [f.tester, f.filterValue, f.fromDate, f.toDate].filter(Boolean).length;
}

export interface LabFiltersProps {
  onApply: (filter: AppliedLabFilter) => void;
}

/**
 * The admin's packet filters (SPEC.md 2.14): workshop (tester), filter type and value, Jalali from/to
 * dates sent as Gregorian yyyy-mm-dd (SPEC.md 1). Collapsed behind a header on phones, open on desktop.
 */
export function LabFilters({ onApply }: LabFiltersProps) {
  const isDesktop = useIsDesktop();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<DateRangeErrors>({});
  const [applied, setApplied] = useState<AppliedLabFilter>({});
  const numeric = draft.filterType !== '1';

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const apply = (next: Draft) => {
    const range = jalaliRangeToGregorian(next.fromDate, next.toDate);
    setErrors(range.ok ? {} : range.errors);
    if (!range.ok) return;
    const { fromDate, toDate } = range;
    const value = next.filterValue.trim();
    const filter: AppliedLabFilter = {
      tester: next.tester?.id,
      filterType: value ? Number(next.filterType) : undefined,
      filterValue: value || undefined,
      fromDate: fromDate ?? undefined,
      toDate: toDate ?? undefined,
    };
    setApplied(filter);
    onApply(filter);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const clear = () => {
    setDraft(EMPTY);
    apply(EMPTY);
  };

  const count = activeCount(applied);
  const fields = (
    <form onSubmit={onSubmit} noValidate aria-label="فیلتر بسته‌ها">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <UserAutocomplete
          label="آزمایشگاه"
          placeholder="همه آزمایشگاه‌ها"
          value={draft.tester}
          onChange={(value) => {
            set('tester', value);
            // Choosing a workshop filters at once; typing only clears the choice.
            if (value) apply({ ...draft, tester: value });
          }}
        />
        <Select
          label="جستجو بر اساس"
          data={FILTER_TYPES}
          value={draft.filterType}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            // A name is not a number: keep the text only when both kinds of field take it.
            setDraft((d) => ({
              ...d,
              filterType: value,
              filterValue: value !== '1' && !/^\d*$/.test(d.filterValue) ? '' : d.filterValue,
            }));
          }}
          comboboxProps={{ withinPortal: true }}
        />
        {numeric ? (
          <DigitsInput
            label={FILTER_TYPES.find((t) => t.value === draft.filterType)?.label}
            value={draft.filterValue}
            onChange={(v) => set('filterValue', v)}
            maxLength={draft.filterType === '4' ? 3 : 12}
          />
        ) : (
          <TextInput
            label="نام مشتری"
            value={draft.filterValue}
            onChange={(e) => set('filterValue', e.currentTarget.value)}
            autoComplete="off"
          />
        )}
        <PacketDateRange
          value={draft}
          errors={errors}
          onChange={(field, v) => {
            set(field, v);
            setErrors((e) => ({ ...e, [field]: undefined }));
          }}
        />
        <Group gap="sm" align="flex-end" justify="flex-end" wrap="nowrap">
          <Button variant="default" onClick={clear}>
            پاک کردن
          </Button>
          <Button type="submit" leftSection={<IconSearch size={18} />}>
            جستجو
          </Button>
        </Group>
      </SimpleGrid>
    </form>
  );

  if (isDesktop) {
    return (
      <Paper withBorder radius="lg" p="md">
        {fields}
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p="sm">
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="lab-filters"
        w="100%"
        py={4}
      >
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconAdjustments size={18} />
            <Text fw={600}>فیلترها</Text>
            {count > 0 ? (
              <Text size="sm" c="blue">
                ({count === 1 ? 'یک فیلتر فعال' : `${count.toLocaleString('fa-IR')} فیلتر فعال`})
              </Text>
            ) : null}
          </Group>
          <IconChevron
            size={18}
            style={{ transform: open ? 'rotate(90deg)' : 'rotate(180deg)', transition: 'transform 150ms' }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id="lab-filters">
        <div style={{ paddingBlockStart: 'var(--mantine-spacing-sm)' }}>{fields}</div>
      </Collapse>
    </Paper>
  );
}
