import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatToman, toPersianDigits } from '@ayar/contract';
import type { HeldByDevice, ReservationsResponse } from '@ayar/contract';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { formatJalaliDateTime } from '../../lib/format.ts';
import { codeQueries, useReleaseDevice } from './api.ts';

/** A device as the lab sees it: the first 6 characters of its id. */
export const deviceLabel = (deviceId: string) => deviceId.slice(0, 6);

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="sm" ta="center">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {formatToman(value)}
      </Text>
    </Paper>
  );
}

/** Bought / registered / held for offline on N devices / free (ADR 0045). */
function Figures({ data }: { data: ReservationsResponse }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      <Figure label="خریداری شده" value={data.bought} />
      <Figure label="ثبت شده" value={data.registered} />
      <Figure
        label={`نگه‌داشته برای آفلاین روی ${toPersianDigits(data.devices.length)} دستگاه`}
        value={data.held}
      />
      <Figure label="آزاد" value={data.free} />
    </SimpleGrid>
  );
}

/** One device's row, with «آزاد کردن» (a lost phone): its numbers go back to the lab, confirmed first. */
function DeviceRow({ device, onReleased }: { device: HeldByDevice; onReleased: () => Promise<unknown> }) {
  const release = useReleaseDevice();
  const label = deviceLabel(device.deviceId);
  const onRelease = async () => {
    const sure = await confirmAction({
      title: 'آزاد کردن شماره‌های دستگاه',
      message: `${formatToman(device.held)} شماره‌ای که دستگاه ${label} برای ثبت آفلاین نگه داشته به آزمایشگاه برمی‌گردد. اگر این دستگاه هنوز بسته‌ای آفلاین ثبت کرده و نفرستاده باشد، ارسال آن با خطا روبه‌رو می‌شود. ادامه می‌دهید؟`,
      confirmLabel: 'بله، آزاد شود',
    });
    if (!sure) return;
    const result = await release.mutateAsync({ deviceId: device.deviceId });
    alertSuccess(`${formatToman(result.data.released)} شماره آزاد شد`);
    await onReleased();
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Ltr>{label}</Ltr>
      </Table.Td>
      <Table.Td>{formatToman(device.held)}</Table.Td>
      <Table.Td>
        <Ltr>{formatJalaliDateTime(device.lastSeenAt) || '—'}</Ltr>
      </Table.Td>
      <Table.Td>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          loading={release.isPending}
          onClick={() => void onRelease()}
          aria-label={`آزاد کردن شماره‌های دستگاه ${label}`}
        >
          آزاد کردن
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The lab's numbers on code/add: what it bought, registered, holds on its devices for offline use and
 * has free, and the devices holding numbers (ADR 0045).
 */
export function HeldNumbers() {
  const query = useQuery(codeQueries.reservations());
  const data = query.data;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        وضعیت شماره‌ها
      </Title>
      {data ? <Figures data={data} /> : <Skeleton height={64} radius="md" />}
      {data && data.devices.length > 0 ? (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="xs" horizontalSpacing="sm" ta="center">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th ta="center">دستگاه</Table.Th>
                  <Table.Th ta="center">شماره‌ها</Table.Th>
                  <Table.Th ta="center">آخرین ارتباط</Table.Th>
                  <Table.Th ta="center">
                    <VisuallyHidden>عملیات</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.devices.map((device) => (
                  <DeviceRow key={device.deviceId} device={device} onReleased={() => query.refetch()} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group px="sm" pb="xs">
            <Text size="xs" c="dimmed">
              دستگاهی که بیش از سه روز به سامانه وصل نشود، شماره‌هایش را به ثبت آنلاین می‌دهد.
            </Text>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}
