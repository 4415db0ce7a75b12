import { useState } from 'react';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { useParams } from 'react-router';
import { Button, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatToman, gregorianToJalali, toPersianDigits } from '@ayar/contract';
import { formatCode } from '../../lib/formatCode.ts';
import type { AdminCreditItem, AllCreditsResponse } from '@ayar/contract';
import { HoldToConfirmButton } from '../../components/ui/HoldToConfirmButton.tsx';
import { ListCard, ListTable } from '../../components/ui/ListTable.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { runAndReport } from '../../components/ui/confirmThenRun.ts';
import { UserAutocomplete } from '../../components/search/UserAutocomplete.tsx';
import type { UserAutocompleteValue } from '../../components/search/UserAutocomplete.tsx';
import { CreditStatusBadge } from './components/CreditStatusBadge.tsx';
import { creditQueries, useDecideCredit } from './api.ts';
import { SEP } from '../../lib/format.ts';

const PAGE_SIZE = 50;
const PENDING_BG = 'var(--mantine-color-orange-0)';

/** A request still waiting for the admin stands out, in the table and on the cards alike. */
const pendingMark = (credit: AdminCreditItem) =>
  credit.status === 0 ? { bg: PENDING_BG, 'data-pending': true } : {};

const transferDate = (date: string | null) => {
  const jalali = date ? gregorianToJalali(date) : null;
  return jalali ? toPersianDigits(jalali) : '—';
};

/** The lab the list is narrowed to, and all requests or the pending ones. */
function CreditFilters(props: {
  workshop: UserAutocompleteValue | null;
  onWorkshop: (value: UserAutocompleteValue | null) => void;
  waitFor: boolean;
  onWaitFor: (pending: boolean) => void;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <div style={{ flex: '1 1 240px' }}>
          <UserAutocomplete
            label="آزمایشگاه"
            value={props.workshop}
            onChange={props.onWorkshop}
            placeholder="همه آزمایشگاه‌ها"
          />
        </div>
        <SegmentedControl
          aria-label="وضعیت درخواست‌ها"
          value={props.waitFor ? 'pending' : 'all'}
          onChange={(value) => props.onWaitFor(value === 'pending')}
          data={[
            { value: 'all', label: 'همه درخواست‌ها' },
            { value: 'pending', label: 'در انتظار بررسی' },
          ]}
        />
      </Group>
    </Paper>
  );
}

function CreditsTable(props: {
  data: AllCreditsResponse | undefined;
  loading: boolean;
  waitFor: boolean;
  page: number;
  onPage: (page: number) => void;
  actions: (credit: AdminCreditItem) => ReactNode;
}) {
  const { data } = props;
  return (
    <ListTable
      rows={data?.list ?? []}
      loading={props.loading}
      empty={props.waitFor ? 'درخواستی در انتظار بررسی نیست.' : 'درخواست شارژی پیدا نشد.'}
      head={
        <>
          <Table.Th>مبلغ (تومان)</Table.Th>
          <Table.Th>آزمایشگاه</Table.Th>
          <Table.Th>کد پیگیری</Table.Th>
          <Table.Th>تاریخ واریز</Table.Th>
          <Table.Th>حساب مقصد</Table.Th>
          <Table.Th>وضعیت</Table.Th>
          <Table.Th aria-label="عملیات" />
        </>
      }
      row={(credit) => (
        <Table.Tr {...pendingMark(credit)}>
          <Table.Td fw={700}>{formatToman(credit.amount)}</Table.Td>
          <Table.Td>{credit.lab}</Table.Td>
          <Table.Td>
            <Ltr>{formatCode(credit.trackingCode)}</Ltr>
          </Table.Td>
          <Table.Td>
            <Ltr>{transferDate(credit.date)}</Ltr>
          </Table.Td>
          <Table.Td>
            <Ltr>{formatCode(credit.account)}</Ltr>
          </Table.Td>
          <Table.Td>
            <CreditStatusBadge status={credit.status} />
          </Table.Td>
          <Table.Td>{props.actions(credit)}</Table.Td>
        </Table.Tr>
      )}
      card={(credit) => (
        <ListCard {...pendingMark(credit)}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{formatToman(credit.amount)} تومان</Text>
              <CreditStatusBadge status={credit.status} />
            </Group>
            <Text size="sm">{credit.lab}</Text>
            <Text size="sm" c="dimmed">
              کد پیگیری: <Ltr>{formatCode(credit.trackingCode)}</Ltr>
              {SEP}تاریخ واریز: <Ltr>{transferDate(credit.date)}</Ltr>
            </Text>
            <Text size="sm" c="dimmed">
              حساب مقصد: <Ltr>{formatCode(credit.account)}</Ltr>
            </Text>
            {props.actions(credit)}
          </Stack>
        </ListCard>
      )}
      paging={
        data
          ? { page: props.page, pageSize: PAGE_SIZE, total: data.totalCount, onChange: props.onPage }
          : null
      }
    />
  );
}

/** manage/credits and manage/credits/:search (docs/product.md §2.14): the admin decides charge requests. */
export function ManageCreditsPage() {
  const { search } = useParams();
  const [waitFor, setWaitFor] = useState(search === 'true');
  const [workshop, setWorkshop] = useState<UserAutocompleteValue | null>(null);
  const [page, setPage] = useState(1);
  // The route's `search` (true → pending only) wins whenever it changes.
  const [routeSearch, setRouteSearch] = useState(search);
  if (routeSearch !== search) {
    setRouteSearch(search);
    setWaitFor(search === 'true');
    setPage(1);
  }

  const query = { pageSize: PAGE_SIZE, pageNumber: page, waitFor: waitFor || undefined, user: workshop?.id };
  const credits = useQuery(creditQueries.all(query));
  const decide = useDecideCredit();

  const run = async (creditId: string, accepted: boolean) => {
    // Refreshed after a refusal too (e.g. «این درخواست قبلاً بررسی شده است»): someone else decided it.
    await runAndReport(() => decide.mutateAsync({ creditId, accepted }));
    await credits.refetch();
  };
  const reject = async (credit: AdminCreditItem) => {
    const ok = await confirmAction({
      title: 'رد درخواست شارژ',
      message: `درخواست شارژ ${formatToman(credit.amount)} تومانی «${credit.lab}» رد شود؟`,
      confirmLabel: 'رد درخواست',
      danger: true,
    });
    if (ok) await run(credit.id, false);
  };

  const actions = (credit: AdminCreditItem) =>
    credit.status === 0 ? (
      <Group gap="xs" wrap="nowrap">
        <HoldToConfirmButton
          aria-label={`تأیید درخواست ${formatToman(credit.amount)} تومان ${credit.lab}؛ برای تأیید نگه دارید`}
          disabled={decide.isPending}
          onConfirm={() => void run(credit.id, true)}
        />
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          disabled={decide.isPending}
          onClick={() => void reject(credit)}
          aria-label={`رد درخواست ${formatToman(credit.amount)} تومان ${credit.lab}`}
        >
          رد
        </Button>
      </Group>
    ) : null;

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <CreditFilters
        workshop={workshop}
        onWorkshop={(value) => {
          setWorkshop(value);
          setPage(1);
        }}
        waitFor={waitFor}
        onWaitFor={(pending) => {
          setWaitFor(pending);
          setPage(1);
        }}
      />
      <Group justify="flex-end">
        <ExportButton name="manageCredits" filters={{ waitFor: waitFor || undefined, user: workshop?.id }} />
      </Group>
      <CreditsTable
        data={credits.data}
        loading={credits.isPending}
        waitFor={waitFor}
        page={page}
        onPage={setPage}
        actions={actions}
      />
    </Stack>
  );
}
