import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { UI, customerSearchKey, toPersianDigits } from '@ayar/contract';
import type { GroupUserItem } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { FOCUSABLE_SCROLL } from '../../../components/ui/tableScroll.ts';
import { IconHash, IconPhone, IconSearch } from '../../../components/ui/icons.tsx';
import { formatCount } from '../format.ts';
import { CodeUsageModal } from './CodeUsageModal.tsx';
import { UsageGauge } from './UsageGauge.tsx';

function TestBadge({ count }: { count: number }) {
  return (
    <Badge
      color={count > 0 ? 'gold' : 'gray'}
      variant={count > 0 ? 'filled' : 'light'}
      size="lg"
      aria-label={`${formatCount(count)} بسته`}
      data-testid="test-count"
    >
      <Ltr>{formatCount(count)}</Ltr>
    </Badge>
  );
}

function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone) return <Text c="dimmed">—</Text>;
  return (
    <Anchor href={`tel:${phone}`} size="sm" aria-label={`تماس با ${phone}`}>
      <Group gap={4} wrap="nowrap" component="span">
        <IconPhone size={14} />
        <Ltr>{toPersianDigits(phone)}</Ltr>
      </Group>
    </Anchor>
  );
}

function RowMenu({ row, onRanges }: { row: GroupUserItem; onRanges: () => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`گزینه‌های ${row.userFName}`}>
          <span aria-hidden style={{ fontSize: 20, lineHeight: 1 }}>
            ⋮
          </span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconHash size={16} />} onClick={onRanges}>
          بازه‌های کد و مصرف
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

const phone = (r: GroupUserItem) => r.userCellPhone || r.userPhone;
const remaining = (r: GroupUserItem) => Math.max(0, r.sumTotalCode - r.totalCodeUse);

interface RowsProps {
  rows: GroupUserItem[];
  onRanges: (row: GroupUserItem) => void;
}

function WorkshopRows({ rows, onRanges }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={760} {...FOCUSABLE_SCROLL}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="آزمایشگاه‌ها">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>آزمایشگاه</Table.Th>
            <Table.Th>بسته‌ها</Table.Th>
            <Table.Th>کد باقی‌مانده</Table.Th>
            <Table.Th>مدیر</Table.Th>
            <Table.Th>تلفن</Table.Th>
            <Table.Th>مصرف کد</Table.Th>
            <Table.Th aria-label="گزینه‌ها" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.userId} data-testid="workshop-row">
              <Table.Td>
                <Text fw={600} size="sm">
                  {r.userFName}
                </Text>
                {r.status === 5 ? (
                  <Text size="xs" c="orange">
                    غیرفعال
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <TestBadge count={r.testCount} />
              </Table.Td>
              <Table.Td>
                <Ltr>{formatCount(remaining(r))}</Ltr>
              </Table.Td>
              <Table.Td>{r.userFullName}</Table.Td>
              <Table.Td>
                <PhoneLink phone={phone(r)} />
              </Table.Td>
              <Table.Td>
                <UsageGauge used={r.totalCodeUse} total={r.sumTotalCode} w={140} />
              </Table.Td>
              <Table.Td>
                <RowMenu row={r} onRanges={() => onRanges(r)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WorkshopCards({ rows, onRanges }: RowsProps) {
  return (
    <Stack gap="xs" aria-label="آزمایشگاه‌ها" role="list">
      {rows.map((r) => (
        <Card key={r.userId} withBorder radius="md" p="sm" role="listitem" data-testid="workshop-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700} size="sm">
                {r.userFName}
                {r.status === 5 ? (
                  <Text span size="xs" c="orange" ms={6}>
                    (غیرفعال)
                  </Text>
                ) : null}
              </Text>
              <Text size="xs" c="dimmed">
                {r.userFullName}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <TestBadge count={r.testCount} />
              <RowMenu row={r} onRanges={() => onRanges(r)} />
            </Group>
          </Group>
          <Group justify="space-between" mt="xs" gap="xs" wrap="nowrap">
            <PhoneLink phone={phone(r)} />
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              باقی‌مانده: <Ltr>{formatCount(remaining(r))}</Ltr>
            </Text>
          </Group>
          <UsageGauge used={r.totalCodeUse} total={r.sumTotalCode} w="100%" />
        </Card>
      ))}
    </Stack>
  );
}

/** The admin dashboard's rows (docs/product.md §2.7), with a name search and the code-range modal. */
export function WorkshopsTable({ list, loading }: { list: GroupUserItem[] | undefined; loading: boolean }) {
  const isDesktop = useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? false;
  const [search, setSearch] = useState('');
  const [modal, setModal] = useState<{ id: string; name: string } | null>(null);
  const rows = useMemo(() => {
    const key = customerSearchKey(search);
    if (!key) return list ?? [];
    return (list ?? []).filter((r) => customerSearchKey(r.userFName).includes(key));
  }, [list, search]);

  const open = (r: GroupUserItem) => setModal({ id: r.userId, name: r.userFName });

  let body;
  if (loading) {
    body = (
      <Stack gap="xs" role="status" aria-label="در حال بارگذاری آزمایشگاه‌ها" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  } else if (rows.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {search.trim() ? 'آزمایشگاهی با این نام پیدا نشد.' : 'هنوز آزمایشگاهی ثبت نشده است.'}
      </Text>
    );
  } else if (isDesktop) {
    body = <WorkshopRows rows={rows} onRanges={open} />;
  } else {
    body = <WorkshopCards rows={rows} onRanges={open} />;
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <TextInput
          placeholder="جستجوی نام آزمایشگاه"
          aria-label="جستجوی نام آزمایشگاه"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {body}
      </Stack>
      <CodeUsageModal workshop={modal} onClose={() => setModal(null)} />
    </Paper>
  );
}
