import { useState } from 'react';
import type { Dispatch, FormEvent, ReactNode, SetStateAction } from 'react';
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
import { useQuery } from '@tanstack/react-query';
import { jalaliRangeToGregorian, toPersianDigits } from '@ayar/contract';
import type { DateRangeErrors } from '@ayar/contract';
import { DigitsInput } from '../../../components/ui/DigitsInput.tsx';
import { useIsDesktop } from '../../../components/ui/ListTable.tsx';
import { IconAdjustments, IconChevron, IconSearch } from '../../../components/ui/icons.tsx';
import { UserAutocomplete } from '../../../components/search/UserAutocomplete.tsx';
import type { UserAutocompleteValue } from '../../../components/search/UserAutocomplete.tsx';
import { FILTER_TYPES, PacketDateRange } from '../components/PacketFilterFields.tsx';
import { labStaffQuery } from '../../../lib/queries/workshops.ts';

/** What the lists send to `GET /Manage/AllTests` besides the paging (dates already Gregorian). */
export interface AppliedLabFilter {
  tester?: string;
  /** One of that lab's people: packets they registered, recorded or verified (ADR 0050). */
  personId?: string;
  filterType?: number;
  filterValue?: string;
  fromDate?: string;
  toDate?: string;
}

interface Draft {
  tester: UserAutocompleteValue | null;
  personId: string | null;
  filterType: string;
  filterValue: string;
  fromDate: string;
  toDate: string;
}

const EMPTY: Draft = {
  tester: null,
  personId: null,
  filterType: '1',
  filterValue: '',
  fromDate: '',
  toDate: '',
};

/** Counts what a filter narrows, for the collapsed header on phones. */
function activeCount(f: AppliedLabFilter): number {
  return [f.tester, f.personId, f.filterValue, f.fromDate, f.toDate].filter(Boolean).length;
}

export interface LabFiltersProps {
  onApply: (filter: AppliedLabFilter) => void;
}

/** The filter's fields: workshop, what to search by, the value and the dates; «پاک کردن» and «جستجو». */
function LabFilterFields(props: {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  errors: DateRangeErrors;
  setErrors: Dispatch<SetStateAction<DateRangeErrors>>;
  onSubmit: (event: FormEvent) => void;
  onApply: (draft: Draft) => void;
  onClear: () => void;
}) {
  const { draft } = props;
  const numeric = draft.filterType !== '1';
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    props.setDraft((d) => ({ ...d, [key]: value }));
  return (
    <form onSubmit={props.onSubmit} noValidate aria-label="فیلتر بسته‌ها">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <UserAutocomplete
          label="آزمایشگاه"
          placeholder="همه آزمایشگاه‌ها"
          value={draft.tester}
          onChange={(value) => {
            // Another lab has other people: the person filter starts again.
            props.setDraft((d) => ({ ...d, tester: value, personId: null }));
            // Choosing a workshop filters at once; typing only clears the choice.
            if (value) props.onApply({ ...draft, tester: value, personId: null });
          }}
        />
        <PersonSelect
          labId={draft.tester?.id ?? null}
          value={draft.personId}
          onChange={(personId) => {
            set('personId', personId);
            props.onApply({ ...draft, personId });
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
            props.setDraft((d) => ({
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
          errors={props.errors}
          onChange={(field, v) => {
            set(field, v);
            props.setErrors((e) => ({ ...e, [field]: undefined }));
          }}
        />
        <Group gap="sm" align="flex-end" justify="flex-end" wrap="nowrap">
          <Button variant="default" onClick={props.onClear}>
            پاک کردن
          </Button>
          <Button type="submit" leftSection={<IconSearch size={18} />}>
            جستجو
          </Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}

/** The chosen lab's people (ADR 0050), by name and staff code; disabled until a lab is chosen. */
function PersonSelect(props: {
  labId: string | null;
  value: string | null;
  onChange: (personId: string | null) => void;
}) {
  const people = useQuery({ ...labStaffQuery(props.labId ?? ''), enabled: props.labId !== null });
  const data = (people.data?.list ?? []).map((p) => ({
    value: p.id,
    label: `${p.fullName} (${toPersianDigits(p.staffCode)})`,
  }));
  return (
    <Select
      label="شخص"
      placeholder={props.labId ? 'همه کارکنان' : 'نخست آزمایشگاه را انتخاب کنید'}
      data={data}
      value={props.value}
      onChange={props.onChange}
      disabled={props.labId === null}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** On phones the filters sit behind a header that says how many are active. */
function CollapsedFilters({ count, children }: { count: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
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
        <div style={{ paddingBlockStart: 'var(--mantine-spacing-sm)' }}>{children}</div>
      </Collapse>
    </Paper>
  );
}

/**
 * The admin's packet filters (docs/product.md §2.14): workshop (tester), filter type and value, Jalali
 * from/to dates sent as Gregorian yyyy-mm-dd (docs/product.md §1.5). Collapsed behind a header on phones,
 * open on desktop.
 */
export function LabFilters({ onApply }: LabFiltersProps) {
  const isDesktop = useIsDesktop();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<DateRangeErrors>({});
  const [applied, setApplied] = useState<AppliedLabFilter>({});

  const apply = (next: Draft) => {
    const range = jalaliRangeToGregorian(next.fromDate, next.toDate);
    setErrors(range.ok ? {} : range.errors);
    if (!range.ok) return;
    const { fromDate, toDate } = range;
    const value = next.filterValue.trim();
    const filter: AppliedLabFilter = {
      tester: next.tester?.id,
      personId: (next.tester && next.personId) || undefined,
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

  const fields = (
    <LabFilterFields
      draft={draft}
      setDraft={setDraft}
      errors={errors}
      setErrors={setErrors}
      onSubmit={onSubmit}
      onApply={apply}
      onClear={clear}
    />
  );

  if (isDesktop) {
    return (
      <Paper withBorder radius="lg" p="md">
        {fields}
      </Paper>
    );
  }
  return <CollapsedFilters count={activeCount(applied)}>{fields}</CollapsedFilters>;
}
