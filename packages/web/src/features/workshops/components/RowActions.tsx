import type { MouseEvent } from 'react';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import type { ManageLabOwner } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { confirmAction } from '../../../components/ui/confirm.tsx';
import { runAndReport } from '../../../components/ui/confirmThenRun.ts';
import { IconTrash } from '../../../components/ui/icons.tsx';
import { useDeleteWorkshop } from '../api.ts';
import { StatusSteps } from './WorkshopStatus.tsx';

/**
 * The row's actions: a status step up or down and delete — each asks first (docs/product.md §4.6, §6.2; ADR
 * 0025).
 */
export function RowActions({ row, onChanged }: { row: ManageLabOwner; onChanged: () => void }) {
  const remove = useDeleteWorkshop();

  const onDelete = async (event: MouseEvent) => {
    event.stopPropagation();
    const sure = await confirmAction({
      title: 'حذف آزمایشگاه',
      message: `آیا از حذف «${row.fName}» اطمینان دارید؟`,
      confirmLabel: 'حذف',
      danger: true,
    });
    if (!sure) return;
    const force = await confirmAction({
      title: 'وابستگی‌ها',
      message: (
        <Stack gap="xs">
          <Text fw={600}>آیا همه وابستگی‌ها حذف شوند؟</Text>
          <Text size="sm" c="dimmed">
            بسته‌ها، مشتریان، بازه‌های کد، درخواست‌های شارژ و پرداخت‌های این آزمایشگاه. با «خیر»، آزمایشگاه
            فقط در صورتی حذف می‌شود که وابستگی نداشته باشد.
          </Text>
        </Stack>
      ),
      confirmLabel: 'بله، همه حذف شوند',
      cancelLabel: 'خیر',
      danger: true,
    });
    // A refusal («این آزمایشگاه ۳ مشتری … دارد») leaves the list as it was.
    if (await runAndReport(() => remove.mutateAsync({ id: row.id, force }))) onChanged();
  };

  const busy = remove.isPending;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <StatusSteps workshop={row} onChanged={onChanged} disabled={busy} />
      <Tooltip label="حذف آزمایشگاه" withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`حذف ${row.fName}`}
          onClick={(event) => void onDelete(event)}
          disabled={busy}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export function CodeText({ code }: { code: number | null }) {
  return code === null ? (
    <Text span c="dimmed">
      —
    </Text>
  ) : (
    <Ltr>{toPersianDigits(code)}</Ltr>
  );
}
