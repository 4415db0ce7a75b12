import { useState } from 'react';
import { ExportButton } from '../../../components/ui/ExportButton.tsx';
import { Anchor, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { FOCUSABLE_SCROLL } from '../../../components/ui/tableScroll.ts';
import { formatTomanLabel } from '../../../lib/format.ts';
import { formatCode } from '../../../lib/formatCode.ts';
import { UserAutocomplete } from '../../../components/search/UserAutocomplete.tsx';
import type { UserAutocompleteValue } from '../../../components/search/UserAutocomplete.tsx';
import type { ManageStatisticsResponse } from '@ayar/contract';
import { useManageStatistics } from '../api.ts';
import { formatCount, jalaliLabel } from '../format.ts';
import { StatisticsOverview } from './StatisticsOverview.tsx';
import type { AppliedDates } from './StatisticsFilter.tsx';
import { href } from '../../../lib/screens.ts';

/** The deposits awaiting approval with their total (docs/product.md §2.7). */
function PendingCredits({ data, pending }: { data: ManageStatisticsResponse | undefined; pending: boolean }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} size="h5">
          واریزهای در انتظار تأیید
        </Title>
        <Anchor component={Link} to={href('manage/credits/search', { search: 'true' })} size="sm">
          بررسی درخواست‌ها
        </Anchor>
      </Group>
      {pending ? (
        <Skeleton h={80} />
      ) : !data || data.pendingCredits.count === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          واریزی در انتظار تأیید نیست.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={460} {...FOCUSABLE_SCROLL}>
            <Table striped verticalSpacing="xs" aria-label="واریزهای در انتظار تأیید">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>آزمایشگاه</Table.Th>
                  <Table.Th>مبلغ (تومان)</Table.Th>
                  <Table.Th>کد پیگیری</Table.Th>
                  <Table.Th>تاریخ واریز</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.pendingCredits.list.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.lab}</Table.Td>
                    <Table.Td>
                      <Ltr>{formatCount(c.amount)}</Ltr>
                    </Table.Td>
                    <Table.Td>
                      <Ltr>{formatCode(c.trackingCode)}</Ltr>
                    </Table.Td>
                    <Table.Td>{c.date ? <Ltr>{jalaliLabel(c.date)}</Ltr> : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="xs">
            <Text size="sm" c="dimmed">
              {data.pendingCredits.count > data.pendingCredits.list.length
                ? `${formatCount(data.pendingCredits.list.length)} مورد قدیمی‌تر از ${formatCount(data.pendingCredits.count)}`
                : `${formatCount(data.pendingCredits.count)} درخواست`}
            </Text>
            <Text fw={700} data-testid="pending-total">
              جمع: {formatTomanLabel(data.credits)}
            </Text>
          </Group>
        </>
      )}
    </Paper>
  );
}

/**
 * The earlier admin home (docs/product.md §2.7): the tiles filtered by a workshop (suggestions) and dates,
 * and the deposits awaiting approval with their total.
 */
export function AdminStatistics() {
  const [workshop, setWorkshop] = useState<UserAutocompleteValue | null>(null);
  const [applied, setApplied] = useState<{ userId?: string | undefined } & AppliedDates>({});
  const stats = useManageStatistics(applied);

  return (
    <StatisticsOverview
      stats={stats}
      applied={applied}
      onApply={(dates) => setApplied({ userId: workshop?.id, ...dates })}
      nameField={
        <UserAutocomplete
          label="نام کاربر (آزمایشگاه)"
          placeholder="همه آزمایشگاه‌ها"
          value={workshop}
          onChange={setWorkshop}
        />
      }
      credits={(counts) => ({
        label: 'شارژ در انتظار تأیید',
        hint: `تومان، ${formatCount(counts.pendingCredits.count)} درخواست`,
      })}
    >
      <Group justify="flex-end">
        <ExportButton name="manageStatistics" filters={applied} />
      </Group>
      <PendingCredits data={stats.data} pending={stats.isPending} />
    </StatisticsOverview>
  );
}
