import { useState } from 'react';
import type { MouseEvent } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  ASSAY_MSG,
  formatGrams,
  jalaliRangeToGregorian,
  toPersianDigits,
  todayGregorianInTehran,
} from '@ayar/contract';
import type { DateRangeErrors, LabListRow } from '@ayar/contract';
import { CollapsibleFilter } from '../../components/ui/CollapsibleFilter.tsx';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { ListCard, ListTable } from '../../components/ui/ListTable.tsx';
import { SlipLinks } from '../../components/ui/SlipLinks.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { Paginator } from '../../components/ui/Paginator.tsx';
import { IconReceipt, IconSquarePlus } from '../../components/ui/icons.tsx';
import { alertError } from '../../lib/alert.ts';
import { formatJalaliDateTime, SEP } from '../../lib/format.ts';
import { LAB_PAGE_SIZE, assayQueries } from './api.ts';
import { DeclineReason, PacketBadges, PacketMarks } from './components/PacketBadges.tsx';
import { useInlinePurity } from './components/InlinePurity.tsx';
import { ReturnedReason, WhoLine } from './components/PacketPeople.tsx';
import { FILTER_TYPES, PacketDateRange } from './components/PacketFilterFields.tsx';
import { href } from '../../lib/screens.ts';
import { mayOpen, useRoles } from '../../lib/roles.ts';
import { LabQueue } from '../../components/labQueue/LabQueue.tsx';

interface Filter {
  filterType?: number;
  filterValue?: string;
  fromDate?: string;
  toDate?: string;
}

interface AddedPacket {
  id: string;
  docNumber: number;
}

const fa = (n: number) => toPersianDigits(n);
const grams = (g: number | null) => (g === null ? '—' : formatGrams(Math.round(g * 1000)));

/**
 * lab/list and lab/list/true (docs/product.md §2.11): the workshop's packets, 100 a page, with collapsible
 * filters; waiting rows are marked and take their purity inline, saved together with «ثبت عیار».
 */
export function LabListPage() {
  const { search } = useParams();
  const waitFor = search === 'true';
  // Filters, page and typed purities belong to one list; the waiting list starts afresh.
  return <LabList key={waitFor ? 'waiting' : 'all'} waitFor={waitFor} />;
}

/** The list's filter: what is typed, and what was applied (with the page, which a new filter resets). */
function useLabListFilter() {
  const [filterType, setFilterType] = useState<string>('1');
  const [filterValue, setFilterValue] = useState('');
  const [dates, setDates] = useState({ fromDate: '', toDate: '' });
  const [dateErrors, setDateErrors] = useState<DateRangeErrors>({});
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);

  const applyFilter = () => {
    const range = jalaliRangeToGregorian(dates.fromDate, dates.toDate);
    const value = filterValue.trim();
    if (value && filterType !== '1' && !/^\d{1,12}$/.test(value)) {
      alertError(ASSAY_MSG.filterValueNumeric);
      return;
    }
    setDateErrors(range.ok ? {} : range.errors);
    if (!range.ok) return;
    setPage(1);
    setFilter({
      filterType: value ? Number(filterType) : undefined,
      filterValue: value || undefined,
      fromDate: range.fromDate,
      toDate: range.toDate,
    });
  };
  const clearFilter = () => {
    setFilterValue('');
    setDates({ fromDate: '', toDate: '' });
    setDateErrors({});
    setPage(1);
    setFilter({});
  };
  const filtered = Object.values(filter).some((v) => v !== undefined && v !== '');
  return {
    ...{ filterType, setFilterType, filterValue, setFilterValue, dates, setDates, dateErrors },
    ...{ filter, filtered, page, setPage, applyFilter, clearFilter },
  };
}
type LabListFilter = ReturnType<typeof useLabListFilter>;

function LabFilterForm({ f, waitFor }: { f: LabListFilter; waitFor: boolean }) {
  // Registering is the counter's (ADR 0049): nobody else is offered a screen that is not theirs.
  const registers = mayOpen('lab/add', useRoles());
  return (
    <CollapsibleFilter
      id="lab-list-filter"
      active={f.filtered}
      gap="sm"
      actions={
        <Group gap="sm">
          <ExportButton name="tests" filters={{ waitFor: waitFor || undefined, ...f.filter }} />
          <Button component={Link} to={href('lab/day', { date: todayGregorianInTehran() })} variant="default">
            چاپ بسته‌های روز
          </Button>
          {registers ? (
            <Button component={Link} to={href('lab/add')} leftSection={<IconSquarePlus size={18} />}>
              ثبت بسته
            </Button>
          ) : null}
        </Group>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          f.applyFilter();
        }}
        aria-label="فیلتر بسته‌ها"
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="جستجو بر اساس"
            size="md"
            data={FILTER_TYPES}
            value={f.filterType}
            allowDeselect={false}
            onChange={(v) => f.setFilterType(v ?? '1')}
          />
          {f.filterType === '1' ? (
            <TextInput
              label="مقدار"
              value={f.filterValue}
              onChange={(e) => f.setFilterValue(e.currentTarget.value)}
            />
          ) : (
            <DigitsInput label="مقدار" value={f.filterValue} onChange={f.setFilterValue} />
          )}
          <PacketDateRange
            value={f.dates}
            errors={f.dateErrors}
            onChange={(field, value) => f.setDates((d) => ({ ...d, [field]: value }))}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button
            variant="default"
            onClick={f.clearFilter}
            disabled={!f.filtered && !f.filterValue && !f.dates.fromDate && !f.dates.toDate}
          >
            پاک کردن
          </Button>
          <Button type="submit">اعمال فیلتر</Button>
        </Group>
      </form>
    </CollapsibleFilter>
  );
}

/** After «ثبت»: the registered packets' slips, ready to print. */
function AddedSlips({ added }: { added: AddedPacket[] }) {
  return (
    <SlipLinks
      title="ثبت شد؛ برگه‌ها آماده چاپ است"
      slips={added.map((p) => ({ to: href('lab/slip', { id: p.id }), docNumber: p.docNumber }))}
    />
  );
}

/** What a row and a card share: the slip button, opening the packet, the waiting mark, the purity. */
function useRowKit(purity: ReturnType<typeof useInlinePurity>) {
  const navigate = useNavigate();
  const slipButton = (row: LabListRow) => (
    <Tooltip label="چاپ برگه">
      <ActionIcon
        component={Link}
        to={href('lab/slip', { id: row.id })}
        variant="subtle"
        aria-label={`برگه ${row.titleName} ${fa(row.docNumber)}`}
        onClick={(event: MouseEvent) => event.stopPropagation()}
      >
        <IconReceipt size={18} />
      </ActionIcon>
    </Tooltip>
  );
  const open = (row: LabListRow) => void navigate(href('lab/edit', { id: row.id }));
  const rowBg = (row: LabListRow) => (row.waitFor ? 'var(--mantine-color-orange-0)' : undefined);
  return { slipButton, open, rowBg, purity };
}
type RowKit = ReturnType<typeof useRowKit>;

function LabRow({ row, kit }: { row: LabListRow; kit: RowKit }) {
  const { slipButton, open, rowBg, purity } = kit;
  return (
    <Table.Tr
      bg={rowBg(row)}
      data-waiting={row.waitFor || undefined}
      style={{ cursor: 'pointer' }}
      onClick={() => open(row)}
    >
      <Table.Td fw={600}>
        <Link
          to={href('lab/edit', { id: row.id })}
          style={{ color: 'inherit', textDecoration: 'none' }}
          onClick={(event) => event.stopPropagation()}
        >
          <Ltr>{fa(row.docNumber)}</Ltr>
        </Link>
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={1}>
          {row.customerName}
        </Text>
        <WhoLine row={row} />
        <ReturnedReason row={row} />
      </Table.Td>
      <Table.Td>{row.typeName ?? '—'}</Table.Td>
      <Table.Td>{purity.cell(row, 'table')}</Table.Td>
      <Table.Td>
        <Ltr>{grams(row.weight)}</Ltr>
      </Table.Td>
      <Table.Td>
        <Ltr>{grams(row.sampleWeight)}</Ltr>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          <Ltr>{formatJalaliDateTime(row.date)}</Ltr>
        </Text>
      </Table.Td>
      <Table.Td>
        <PacketMarks row={row} />
      </Table.Td>
      <Table.Td>{slipButton(row)}</Table.Td>
    </Table.Tr>
  );
}

function LabCard({ row, kit }: { row: LabListRow; kit: RowKit }) {
  const { slipButton, open, rowBg, purity } = kit;
  return (
    <ListCard
      bg={rowBg(row)}
      data-waiting={row.waitFor || undefined}
      style={{ cursor: 'pointer' }}
      onClick={() => open(row)}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Link
              to={href('lab/edit', { id: row.id })}
              style={{ color: 'inherit', textDecoration: 'none', fontWeight: 700 }}
              onClick={(event) => event.stopPropagation()}
            >
              {row.titleName} <Ltr>{fa(row.docNumber)}</Ltr>
            </Link>
            <PacketBadges row={row} />
          </Group>
          <Text size="sm" lineClamp={1}>
            {row.customerName}
            {row.typeName ? `${SEP}${row.typeName}` : ''}
          </Text>
          <DeclineReason row={row} />
          <ReturnedReason row={row} />
          <WhoLine row={row} />
          <Text size="xs" c="dimmed">
            {row.weight !== null ? (
              <>
                طلا <Ltr>{grams(row.weight)}</Ltr> گرم{SEP}
              </>
            ) : null}
            <Ltr>{formatJalaliDateTime(row.date)}</Ltr>
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          {purity.cell(row, 'card')}
          {slipButton(row)}
        </Stack>
      </Group>
    </ListCard>
  );
}

function LabListTable(props: {
  list: LabListRow[];
  loading: boolean;
  filtered: boolean;
  waitFor: boolean;
  /** May register packets (the counter, ADR 0049): only then the empty list offers «ثبت بسته». */
  registers: boolean;
  kit: RowKit;
}) {
  const { kit } = props;
  return (
    <ListTable
      rows={props.list}
      loading={props.loading}
      skeleton={<Skeleton height={240} radius="md" />}
      empty={
        props.filtered
          ? 'بسته‌ای با این مشخصات پیدا نشد.'
          : props.waitFor
            ? 'بسته‌ای در انتظار عیار نیست.'
            : 'هنوز بسته‌ای ثبت نکرده‌اید.'
      }
      emptyAction={
        !props.filtered && props.registers ? (
          <Button
            component={Link}
            to={href('lab/add')}
            variant="light"
            leftSection={<IconSquarePlus size={18} />}
          >
            ثبت بسته
          </Button>
        ) : null
      }
      label="بسته‌ها"
      scroll
      tableProps={{ verticalSpacing: 'xs' }}
      head={
        <>
          <Table.Th>شماره</Table.Th>
          <Table.Th>مشتری</Table.Th>
          <Table.Th>نوع</Table.Th>
          <Table.Th>عیار</Table.Th>
          <Table.Th>وزن طلا</Table.Th>
          <Table.Th>وزن نمونه</Table.Th>
          <Table.Th>تاریخ</Table.Th>
          <Table.Th />
          <Table.Th w={48} aria-label="برگه" />
        </>
      }
      row={(row) => <LabRow row={row} kit={kit} />}
      card={(row) => <LabCard row={row} kit={kit} />}
    />
  );
}

function LabList({ waitFor }: { waitFor: boolean }) {
  const location = useLocation();
  const added = (location.state as { added?: AddedPacket[] } | null)?.added ?? [];
  const f = useLabListFilter();
  const tests = useQuery(
    assayQueries.list({
      pageSize: LAB_PAGE_SIZE,
      pageNumber: f.page,
      waitFor: waitFor || undefined,
      ...f.filter,
    }),
  );
  const list = tests.data?.list ?? [];
  const purity = useInlinePurity(list);
  const kit = useRowKit(purity);
  const data = tests.data;
  // The bench's alert sounds where the assayer works: they have no dashboard (ADR 0050).
  const roles = useRoles();
  const bench = waitFor && !mayOpen('dashboard', roles);

  return (
    <Stack gap="md" maw={1200} mx="auto">
      {added.length > 0 ? <AddedSlips added={added} /> : null}
      {bench ? <LabQueue onList /> : null}
      <LabFilterForm f={f} waitFor={waitFor} />
      <LabListTable
        list={list}
        loading={tests.isPending}
        filtered={f.filtered}
        waitFor={waitFor}
        registers={mayOpen('lab/add', roles)}
        kit={kit}
      />

      {purity.saveBar}

      {data && list.length > 0 ? (
        <Group justify="space-between" align="center" wrap="wrap">
          <Paginator
            page={data.currPage}
            pageSize={data.pageSize}
            total={data.totalCount}
            onChange={f.setPage}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
