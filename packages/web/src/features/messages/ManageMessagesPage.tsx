import { useState } from 'react';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import type { ReactNode } from 'react';
import {
  Button,
  Card,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Select,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  MESSAGE_KINDS,
  MESSAGE_KIND_LABELS,
  MESSAGE_STATUSES,
  MESSAGE_STATUS_LABELS,
  UI,
  jalaliRangeToGregorian,
} from '@ayar/contract';
import type {
  DateRangeErrors,
  MessageKind,
  MessageRow,
  MessageStatus,
  MessagesResponse,
} from '@ayar/contract';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../../lib/api.ts';
import { messageQueries } from './api.ts';
import { formatJalaliDateTime, toPersianDigits } from '../../lib/format.ts';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { FOCUSABLE_SCROLL } from '../../components/ui/tableScroll.ts';
import { JalaliRangeInputs } from '../../components/ui/JalaliRangeInputs.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { Paginator } from '../../components/ui/Paginator.tsx';
import { IconPhone } from '../../components/ui/icons.tsx';
import { MessageStatusBadge } from './StatusBadge.tsx';

const PAGE_SIZE = 50;
const PROVIDER_LABELS: Record<string, string> = {
  outbox: 'صندوق داخلی (ارسال نشده)',
  kavenegar: 'کاوه‌نگار',
};

const statusOptions = MESSAGE_STATUSES.map((s) => ({ value: s, label: MESSAGE_STATUS_LABELS[s] }));
const kindOptions = MESSAGE_KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_LABELS[k] }));

function When({ label, date }: { label: string; date: string | null }) {
  if (!date) return null;
  return (
    <Text size="xs" c="dimmed">
      {label}: <Ltr>{formatJalaliDateTime(date)}</Ltr>
    </Text>
  );
}

function ErrorText({ message }: { message: MessageRow }) {
  if (!message.error) return null;
  return (
    <Text size="xs" c={message.status === 'failed' ? 'red' : 'orange'} style={{ overflowWrap: 'anywhere' }}>
      {message.error}
    </Text>
  );
}

function MessageCard({ message }: { message: MessageRow }) {
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm">
              <Ltr>{toPersianDigits(message.to)}</Ltr>
            </Text>
            <Text size="xs" c="dimmed">
              {MESSAGE_KIND_LABELS[message.kind]}
            </Text>
          </Group>
          <MessageStatusBadge status={message.status} />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
          {message.text}
        </Text>
        <ErrorText message={message} />
        <Group gap="md" wrap="wrap">
          <When label="ثبت" date={message.createdAt} />
          <When label="ارسال" date={message.sentAt} />
          <When label="تلاش بعدی" date={message.nextAttemptAt} />
          {message.attempts > 1 && (
            <Text size="xs" c="dimmed">
              تلاش‌ها: <Ltr>{toPersianDigits(message.attempts)}</Ltr>
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function MessagesTable({ list }: { list: MessageRow[] }) {
  return (
    <Table.ScrollContainer minWidth={860} {...FOCUSABLE_SCROLL}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="فهرست پیامک‌ها و تماس‌ها">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>زمان ثبت</Table.Th>
            <Table.Th>گیرنده</Table.Th>
            <Table.Th>نوع</Table.Th>
            <Table.Th>متن</Table.Th>
            <Table.Th>وضعیت</Table.Th>
            <Table.Th>تلاش</Table.Th>
            <Table.Th>زمان ارسال</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Ltr>{formatJalaliDateTime(m.createdAt)}</Ltr>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Ltr>{toPersianDigits(m.to)}</Ltr>
              </Table.Td>
              <Table.Td>{MESSAGE_KIND_LABELS[m.kind]}</Table.Td>
              <Table.Td maw={380}>
                <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.text}
                </Text>
                <ErrorText message={m} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Stack gap={2} align="flex-start">
                  <MessageStatusBadge status={m.status} />
                  {m.provider && (
                    <Text
                      size="xs"
                      c="dimmed"
                      title={
                        m.provider === 'outbox' ? 'فقط در سامانه نگه داشته شد؛ به گوشی نرسید' : undefined
                      }
                    >
                      {PROVIDER_LABELS[m.provider] ?? m.provider}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Ltr>{toPersianDigits(m.attempts)}</Ltr>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {m.sentAt ? (
                  <Ltr>{formatJalaliDateTime(m.sentAt)}</Ltr>
                ) : (
                  <When label="تلاش بعدی" date={m.nextAttemptAt} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Stack maw={1200} mx="auto" gap="md" pb="xl">
      {children}
    </Stack>
  );
}

/** The filters' state: status, kind, the recipient's number and a Jalali date range. */
function useMessageFilters() {
  const [status, setStatus] = useState<MessageStatus | null>(null);
  const [kind, setKind] = useState<MessageKind | null>(null);
  const [to, setTo] = useState('');
  const [debouncedTo] = useDebouncedValue(to, 350);
  const [page, setPage] = useState(1);
  const [fromJalali, setFromJalali] = useState('');
  const [toJalali, setToJalali] = useState('');
  const [dates, setDates] = useState<{ fromDate?: string | undefined; toDate?: string | undefined }>({});
  const [dateErrors, setDateErrors] = useState<DateRangeErrors>({});

  // A range is applied once both fields hold whole dates (or are empty); its errors show when a date
  // is complete or the field is left, not at every keystroke.
  const applyDates = (from: string, to: string) => {
    const range = jalaliRangeToGregorian(from, to);
    if (!range.ok) return setDateErrors(range.errors);
    setDateErrors({});
    // Leaving a field without changing the range keeps the page.
    if (range.fromDate === dates.fromDate && range.toDate === dates.toDate) return;
    setDates({ fromDate: range.fromDate, toDate: range.toDate });
    setPage(1);
  };
  const whole = (value: string) => value === '' || value.length === 10;
  /** A new filter goes back to the first page. */
  const first =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return {
    status,
    kind,
    to,
    page,
    setPage,
    fromJalali,
    toJalali,
    dateErrors,
    setStatus: first(setStatus),
    setKind: first(setKind),
    setTo: first(setTo),
    onDate: (field: 'fromDate' | 'toDate', v: string) => {
      const [from, to] = field === 'fromDate' ? [v, toJalali] : [fromJalali, v];
      (field === 'fromDate' ? setFromJalali : setToJalali)(v);
      if (whole(from) && whole(to)) applyDates(from, to);
    },
    onDateBlur: () => applyDates(fromJalali, toJalali),
    filtered: Boolean(status || kind || debouncedTo || dates.fromDate || dates.toDate),
    query: { pageNumber: page, pageSize: PAGE_SIZE, status, kind, to: debouncedTo, ...dates },
  };
}
type MessageFilters = ReturnType<typeof useMessageFilters>;

function Filters({ f, isDesktop }: { f: MessageFilters; isDesktop: boolean }) {
  return (
    <Paper withBorder radius="lg" p="sm" component="section" aria-label="فیلترها">
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        <Select
          label="وضعیت"
          size="md"
          placeholder="همه"
          data={statusOptions}
          value={f.status}
          clearable
          onChange={(v) => f.setStatus(v as MessageStatus | null)}
        />
        <Select
          label="نوع"
          size="md"
          placeholder="همه"
          data={kindOptions}
          value={f.kind}
          clearable
          onChange={(v) => f.setKind(v as MessageKind | null)}
        />
        <DigitsInput
          style={isDesktop ? undefined : { gridColumn: '1 / -1' }}
          label="شماره گیرنده"
          placeholder="بخشی از شماره"
          value={f.to}
          maxLength={15}
          onChange={f.setTo}
        />
        <JalaliRangeInputs
          size="md"
          from={f.fromJalali}
          to={f.toJalali}
          errors={f.dateErrors}
          onChange={f.onDate}
          onBlur={f.onDateBlur}
        />
      </SimpleGrid>
    </Paper>
  );
}

/** The list: loading, a failure, nothing found, or the messages with their pages. */
function MessagesBody(props: {
  messages: UseQueryResult<MessagesResponse, ApiError>;
  filtered: boolean;
  isDesktop: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  const { messages, filtered, isDesktop } = props;
  if (messages.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="در حال بارگذاری پیام‌ها">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={isDesktop ? 48 : 110} radius="md" />
        ))}
      </Stack>
    );
  }
  if (messages.isError) {
    return (
      <EmptyState
        title="فهرست پیام‌ها بارگذاری نشد"
        description={messages.error.message}
        icon={<IconPhone size={28} />}
      >
        <EmptyState.Actions>
          <Button variant="light" onClick={() => void messages.refetch()}>
            تلاش دوباره
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (messages.data.list.length === 0) {
    return (
      <EmptyState
        title={filtered ? 'پیامی با این فیلترها پیدا نشد' : 'هنوز پیامکی یا تماسی در صف نیست'}
        description={
          filtered
            ? 'فیلترها را تغییر دهید یا پاک کنید.'
            : 'پیامک‌ها و تماس‌های نتیجه و کدهای ورود پس از ساخته شدن اینجا دیده می‌شوند.'
        }
        icon={<IconPhone size={28} />}
        withIndicatorBackground
        py="xl"
      />
    );
  }
  const { list, totalCount, pageSize } = messages.data;
  return (
    <Stack gap="xs">
      {isDesktop ? (
        <MessagesTable list={list} />
      ) : (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="فهرست پیامک‌ها و تماس‌ها"
        >
          {list.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
        </Stack>
      )}
      <Paginator page={props.page} pageSize={pageSize} total={totalCount} onChange={props.onPage} />
    </Stack>
  );
}

/** manage/messages: every SMS and call of the outbox, its status and error (docs/product.md §5.5). */
export function ManageMessagesPage() {
  const isDesktop = useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? false;
  const f = useMessageFilters();
  const messages = useQuery(messageQueries.list(f.query));
  const { pageNumber: _page, pageSize: _size, ...filters } = f.query;
  return (
    <Frame>
      <Filters f={f} isDesktop={isDesktop} />
      <Group justify="flex-end">
        <ExportButton name="manageMessages" filters={filters} />
        <Button
          variant="subtle"
          size="compact-sm"
          loading={messages.isFetching}
          onClick={() => void messages.refetch()}
        >
          بازخوانی
        </Button>
      </Group>
      <MessagesBody
        messages={messages}
        filtered={f.filtered}
        isDesktop={isDesktop}
        page={f.page}
        onPage={f.setPage}
      />
    </Frame>
  );
}
