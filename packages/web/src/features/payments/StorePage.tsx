import { useState } from 'react';
import {
  Badge,
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
import {
  ROUTES,
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
import { Ltr } from '../../components/ui/LtrText.tsx';
import { Paginator } from '../../components/ui/Paginator.tsx';
import { useApiQuery } from '../../lib/query.ts';

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

/**
 * user/store (SPEC.md 2.13, 4): each customer's gold and money remaining and packet count for a Jalali
 * year, 50 a page; customers who owe (status 0) are marked; totals over all customers on top.
 */
export function StorePage() {
  const isDesktop = useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? false;
  const [year, setYear] = useState(defaultStoreYear);
  const [page, setPage] = useState(1);
  const store = useApiQuery<StoreResponse>(['payments', 'store'], ROUTES.account.getStore, {
    query: { year, pageNumber: page, pageSize: STORE_PAGE_SIZE },
    fresh: true,
  });
  const data = store.data;

  const status = (row: StoreRow) => (
    <Badge variant={row.status === 0 ? 'filled' : 'light'} color={STATUS_COLOR[row.status]}>
      {STORE_STATUS_TEXT[row.status]}
    </Badge>
  );
  const name = (row: StoreRow) => (
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

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Paper withBorder radius="lg" p="md">
        <Stack gap={6}>
          <Text size="sm" fw={500} id="store-year">
            سال
          </Text>
          <SegmentedControl
            aria-labelledby="store-year"
            fullWidth
            value={String(year)}
            onChange={(v) => {
              setYear(Number(v));
              setPage(1);
            }}
            data={STORE_YEARS.map((y) => ({ value: String(y), label: toPersianDigits(y) }))}
          />
        </Stack>
      </Paper>

      {data ? (
        <SimpleGrid cols={3} spacing="xs" aria-label="جمع کل">
          <Paper withBorder radius="md" p="xs" ta="center">
            <Text size="xs" c="dimmed">
              مانده طلا
            </Text>
            <Text fw={800} fz={{ base: 'sm', sm: 'lg' }} data-testid="total-gold">
              {gold(data.totalGoldRemain)}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="xs" ta="center">
            <Text size="xs" c="dimmed">
              مانده مبلغ
            </Text>
            <Text fw={800} fz={{ base: 'sm', sm: 'lg' }} data-testid="total-money">
              {money(data.totalMoneyRemain)}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="xs" ta="center">
            <Text size="xs" c="dimmed">
              تعداد آزمایش
            </Text>
            <Text fw={800} fz={{ base: 'sm', sm: 'lg' }} data-testid="total-tests">
              <Ltr>{toPersianDigits(data.totalTestCount)}</Ltr>
            </Text>
          </Paper>
        </SimpleGrid>
      ) : null}

      {store.isPending ? (
        <Skeleton height={220} radius="md" />
      ) : !data || data.list.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">
            در سال {toPersianDigits(year)} آزمایش یا دریافت و پرداختی برای مشتریان ثبت نشده است.
          </Text>
        </Paper>
      ) : isDesktop ? (
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
              {data.list.map((row) => (
                <Table.Tr
                  key={row.customerId}
                  bg={row.status === 0 ? OWES_BG : undefined}
                  data-owes={row.status === 0 || undefined}
                >
                  <Table.Td fw={600}>{name(row)}</Table.Td>
                  <Table.Td>
                    <Ltr>{toPersianDigits(row.customerCode)}</Ltr>
                  </Table.Td>
                  <Table.Td>{gold(row.goldRemain)}</Table.Td>
                  <Table.Td>{money(row.moneyRemain)}</Table.Td>
                  <Table.Td>
                    <Ltr>{toPersianDigits(row.testCount)}</Ltr>
                  </Table.Td>
                  <Table.Td>{status(row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : (
        <Stack gap="xs" aria-label="گزارش صندوق">
          {data.list.map((row) => (
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
                  <Text fw={600}>{name(row)}</Text>
                  <Text size="sm">طلا: {gold(row.goldRemain)}</Text>
                  <Text size="sm">مبلغ: {money(row.moneyRemain)}</Text>
                  <Text size="xs" c="dimmed">
                    کد <Ltr>{toPersianDigits(row.customerCode)}</Ltr> ·{' '}
                    <Ltr>{toPersianDigits(row.testCount)}</Ltr> آزمایش
                  </Text>
                </Stack>
                {status(row)}
              </Group>
            </Paper>
          ))}
        </Stack>
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
