import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toPersianDigits } from '@ayar/contract';
import type { LabDetail } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { confirmThenRun } from '../../../components/ui/confirmThenRun.ts';
import { IconTrash } from '../../../components/ui/icons.tsx';
import { formatJalaliDateTime } from '../../../lib/format.ts';
import { ASSAY_KEYS, useDeleteTest, useRequestDeleteTest } from '../api.ts';
import { href } from '../../../lib/screens.ts';

/**
 * A packet past its direct delete: the request asked and waiting, or the admin's refusal with why (and
 * «درخواست دوباره»), or «درخواست حذف».
 */
function DeleteRequestState({ row, askButton }: { row: LabDetail; askButton: (label: string) => ReactNode }) {
  return row.forDelete ? (
    <Alert color="red" variant="light" title="درخواست حذف ثبت شده است">
      {row.forDeleteDate ? (
        <>
          در <Ltr>{formatJalaliDateTime(row.forDeleteDate)}</Ltr> درخواست حذف این بسته ثبت شد و پس از بررسی
          مدیر انجام می‌شود.
        </>
      ) : (
        'درخواست حذف این بسته پس از بررسی مدیر انجام می‌شود.'
      )}
    </Alert>
  ) : row.deleteDecline ? (
    <Stack gap="sm">
      <Alert color="orange" variant="light" title="مدیر درخواست حذف را رد کرد">
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          دلیل: {row.deleteDecline.reason}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          <Ltr>{formatJalaliDateTime(row.deleteDecline.at)}</Ltr>
        </Text>
      </Alert>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          اگر دلیل تازه‌ای دارید، دوباره درخواست دهید.
        </Text>
        {askButton('درخواست دوباره')}
      </Group>
    </Stack>
  ) : (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        نتیجه این بسته ثبت شده یا مهلت حذف مستقیم گذشته است؛ حذف با تأیید مدیر انجام می‌شود.
      </Text>
      {askButton('درخواست حذف')}
    </Group>
  );
}

/**
 * lab/edit's delete panel (ADR 0012, 0025): a fresh mistake is deleted at once; otherwise the lab asks
 * the admin, sees that it asked, and — when the admin declined — why, and may ask again.
 */
export function PacketDeletePanel({ row, onChanged }: { row: LabDetail; onChanged: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteTest();
  const requestDelete = useRequestDeleteTest();

  const onDelete = async () => {
    const outcome = await confirmThenRun(
      { title: 'حذف بسته', message: 'آیا از حذف بسته اطمینان دارید؟', confirmLabel: 'حذف', danger: true },
      () => remove.mutateAsync({ id: row.id }),
    );
    if (outcome === 'done') {
      await queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all });
      void navigate(href('lab/list'), { replace: true });
    } else if (outcome === 'failed') onChanged();
  };

  const onRequestDelete = async () => {
    const outcome = await confirmThenRun(
      {
        title: 'درخواست حذف',
        message: `حذف ${row.titleName} ${toPersianDigits(row.docNumber)} پس از بررسی مدیر انجام می‌شود. درخواست حذف ثبت شود؟`,
        confirmLabel: 'درخواست حذف',
        danger: true,
      },
      () => requestDelete.mutateAsync({ id: row.id }),
    );
    if (outcome === 'cancelled') return;
    if (outcome === 'done') await queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all });
    onChanged();
  };

  const askButton = (label: string) => (
    <Button
      color="red"
      leftSection={<IconTrash size={18} />}
      loading={requestDelete.isPending}
      onClick={() => void onRequestDelete()}
    >
      {label}
    </Button>
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      {row.canDelete ? (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed">
            تا ۱۵ دقیقه پس از ثبت و پیش از ثبت عیار، بسته مستقیم حذف می‌شود.
          </Text>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={18} />}
            loading={remove.isPending}
            onClick={() => void onDelete()}
          >
            حذف بسته
          </Button>
        </Group>
      ) : (
        <DeleteRequestState row={row} askButton={askButton} />
      )}
    </Paper>
  );
}
