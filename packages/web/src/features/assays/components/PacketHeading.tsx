import { Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toPersianDigits } from '@ayar/contract';
import type { LabDetail } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { IconReceipt } from '../../../components/ui/icons.tsx';
import { formatJalaliDateTime } from '../../../lib/format.ts';
import { href } from '../../../lib/screens.ts';
import { PacketPeopleLines } from './PacketPeople.tsx';
import { PurityBadge } from './PurityBadge.tsx';

/** The packet's number, when it was registered, whether it waits for its purity, and its slip. */
export function PacketHeading({ row }: { row: LabDetail }) {
  return (
    <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="xs">
      <div>
        <Text size="sm" c="dimmed">
          {row.title ? 'شماره بسته' : 'شماره انگ'}
        </Text>
        <Text fw={800} fz={26} lh={1.2}>
          <Ltr>{toPersianDigits(row.docNumber)}</Ltr>
        </Text>
        <Text size="xs" c="dimmed" mt={2}>
          ثبت: <Ltr>{formatJalaliDateTime(row.date)}</Ltr>
        </Text>
        <PacketPeopleLines row={row} />
      </div>
      <Group gap="xs">
        {row.resultStatus === 'withdrawn' ? (
          <Badge color="red" variant="light">
            نتیجه باطل شده
          </Badge>
        ) : (
          <PurityBadge waiting={row.waitFor} />
        )}
        <Button
          component={Link}
          to={href('lab/slip', { id: row.id })}
          variant="default"
          size="xs"
          leftSection={<IconReceipt size={16} />}
        >
          برگه
        </Button>
      </Group>
    </Group>
  );
}
