import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  STORE_PAGE_SIZE,
  STORE_STATUS_TEXT,
  STORE_YEARS,
  UI,
  formatGrams,
  formatToman,
  toPersianDigits,
  todayJalali,
} from '@ayar/contract';
import type { StoreResponse, StoreRow } from '@ayar/contract';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { Paginator } from '../../components/ui/Paginator.tsx';
import { paymentQueries } from './api.ts';
import { href } from '../../lib/screens.ts';
import { SEP } from '../../lib/format.ts';

const OWES_BG = 'var(--mantine-color-red-0)';
const STATUS_COLOR = { 0: 'red', 1: 'gray', 2: 'teal' } as const;

/** The current Jalali year when the selector offers it, else the nearest year it offers. */
export function defaultStoreYear(today: string = todayJalali()): number {
  const year = Number(today.slice(0, 4));
  const years: readonly number[] = STORE_YEARS;
  if (years.includes(year)) return year;
  return year < years[0]! ? years[0]! : years[years.length - 1]!;
}

const gold = (mg: number) => (
  <>
    <Ltr>{formatGrams(mg)}</Ltr> گرم
  </>
);
const money = (toman: number) => (
  <>
    <Ltr>{formatToman(toman)}</Ltr> تومان
  </>
);

const statusBadge = (row: StoreRow) => (
  <Badge variant={row.status === 0 ? 'filled' : 'light'} color={STATUS_COLOR[row.status]}>
    {STORE_STATUS_TEXT[row.status]}
  </Badge>
);
const nameOf = (row: StoreRow) => (
  <>
    {row.customerFullName}
    {row.deleted ? (
      <Text span size="xs" c="dimmed">
        {' '}
        (حذف شده)
      </Text>
    ) : null}
  </>
);

function YearPicker({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap={6}>
        <Text size="sm" fw={500} id="store-year">
          سال
        </Text>
        <SegmentedControl
          aria-labelledby="store-year"
          fullWidth
          value={String(year)}
          onChange={(v) => onChange(Number(v))}
          data={STORE_YEARS.map((y) => ({ value: String(y), label: toPersianDigits(y) }))}
        />
      </Stack>
    </Paper>
  );
}

function Total({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xs" ta="center">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={800} fz={{ base: 'sm', sm: 'lg' }} data-testid={testId}>
        {children}
      </Text>
    </Paper>
  );
}

/** The year's totals over every customer. */
function StoreTotals({ data }: { data: StoreResponse }) {
  return (
    <SimpleGrid cols={3} spacing="xs" aria-label="جمع کل">
      <Total label="مانده طلا" testId="total-gold">
        {gold(data.totalGoldRemain)}
      </Total>
      <Total label="مانده مبلغ" testId="total-money">
        {money(data.totalMoneyRemain)}
      </Total>
      <Total label="تعداد آزمایش" testId="total-tests">
        <Ltr>{toPersianDigits(data.totalTestCount)}</Ltr>
      </Total>
    </SimpleGrid>
  );
}

/** The customers as a table on a desktop; a customer who owes is marked. */
function StoreTable({ rows }: { rows: readonly StoreRow[] }) {
  return (
    <Paper withBorder radius="md">
      <Table verticalSpacing="sm" aria-label="گزارش صندوق">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>مشتری</Table.Th>
            <Table.Th>کد</Table.Th>
            <Table.Th>مانده طلا</Table.Th>
            <Table.Th>مانده مبلغ</Table.Th>
            <Table.Th>تعداد آزمایش</Table.Th>
            <Table.Th>وضعیت</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.customerId}
              bg={row.status === 0 ? OWES_BG : undefined}
              data-owes={row.status === 0 || undefined}
            >
              <Table.Td fw={600}>{nameOf(row)}</Table.Td>
              <Table.Td>
                <Ltr>{toPersianDigits(row.customerCode)}</Ltr>
              </Table.Td>
              <Table.Td>{gold(row.goldRemain)}</Table.Td>
              <Table.Td>{money(row.moneyRemain)}</Table.Td>
              <Table.Td>
                <Ltr>{toPersianDigits(row.testCount)}</Ltr>
              </Table.Td>
              <Table.Td>{statusBadge(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The customers as cards on a phone. */
function StoreCards({ rows }: { rows: readonly StoreRow[] }) {
  return (
    <Stack gap="xs" aria-label="گزارش صندوق">
      {rows.map((row) => (
        <Paper
          key={row.customerId}
          withBorder
          radius="md"
          p="sm"
          bg={row.status === 0 ? OWES_BG : undefined}
          data-owes={row.status === 0 || undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>{nameOf(row)}</Text>
              <Text size="sm">طلا: {gold(row.goldRemain)}</Text>
              <Text size="sm">مبلغ: {money(row.moneyRemain)}</Text>
              <Text size="xs" c="dimmed">
                کد <Ltr>{toPersianDigits(row.customerCode)}</Ltr>
                {SEP}
                <Ltr>{toPersianDigits(row.testCount)}</Ltr> آزمایش
              </Text>
            </Stack>
            {statusBadge(row)}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * user/store (docs/product.md §2.13, §5.7): each customer's gold and money remaining and packet count for a
 * Jalali year, 50 a page; customers who owe (status 0) are marked; totals over all customers on top.
 */
export function StorePage() {
  const isDesktop = useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? false;
  const [year, setYear] = useState(defaultStoreYear);
  const [page, setPage] = useState(1);
  const store = useQuery(paymentQueries.store({ year, pageNumber: page, pageSize: STORE_PAGE_SIZE }));
  const data = store.data;

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <YearPicker
        year={year}
        onChange={(next) => {
          setYear(next);
          setPage(1);
        }}
      />
      <Group justify="flex-end">
        <ExportButton name="store" filters={{ year }} />
        <Button component={Link} to={href('user/store/print', { year })} variant="default">
          چاپ
        </Button>
      </Group>
      {data ? <StoreTotals data={data} /> : null}
      {store.isPending ? (
        <Skeleton height={220} radius="md" />
      ) : !data || data.list.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">
            در سال {toPersianDigits(year)} آزمایش یا دریافت و پرداختی برای مشتریان ثبت نشده است.
          </Text>
        </Paper>
      ) : isDesktop ? (
        <StoreTable rows={data.list} />
      ) : (
        <StoreCards rows={data.list} />
      )}
      {data && data.list.length > 0 ? (
        <Paginator page={page} pageSize={data.pageSize} total={data.totalCount} onChange={setPage} />
      ) : null}
      <Text size="xs" c="dimmed">
        مانده = اجرت آزمایش‌های سال − دریافت‌ها + پرداخت‌ها. مانده مثبت یعنی مشتری بدهکار است.
      </Text>
    </Stack>
  );
}
