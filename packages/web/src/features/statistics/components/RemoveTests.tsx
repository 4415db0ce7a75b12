import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { DATE_RANGE_MSG, jalaliToGregorian, todayGregorianInTehran, toPersianDigits } from '@ayar/contract';
import { confirmAction } from '../../../components/ui/confirm.tsx';
import { IconTrash } from '../../../components/ui/icons.tsx';
import { alertSuccess } from '../../../lib/alert.ts';
import { PACKETS_KEY } from '../../../lib/queries/packets.ts';
import { STATS_KEY, useRemoveTests } from '../api.ts';
import { formatCount } from '../format.ts';
import { JalaliDateInput } from '../../../components/ui/JalaliDateInput.tsx';

/**
 * «حذف بسته‌های قدیمی» (docs/product.md §2.7, §5.11): soft-deletes every packet registered before the chosen Jalali
 * day (POST /Manage/RemoveTest), after a confirmation that names the day. A day after today is refused here,
 * since it would take today's packets too.
 */
export function RemoveTests() {
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useRemoveTests();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date.trim()) return setError(DATE_RANGE_MSG.required);
    const startDate = jalaliToGregorian(date);
    if (!startDate) return setError(DATE_RANGE_MSG.invalid);
    if (startDate > todayGregorianInTehran()) return setError('تاریخ نباید بعد از امروز باشد');
    const ok = await confirmAction({
      title: 'حذف بسته‌های قدیمی',
      message: `همه بسته‌هایی که پیش از ${toPersianDigits(date)} ثبت شده‌اند حذف می‌شوند و دیگر در جستجوی عمومی دیده نمی‌شوند. ادامه می‌دهید؟`,
      confirmLabel: 'حذف',
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await remove.mutateAsync({ startDate });
      alertSuccess(`${result.message} (${formatCount(result.data.removed)} بسته حذف شد)`);
      setDate('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: PACKETS_KEY }),
      ]);
    } catch {
      // The client has shown the server's message.
    }
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="حذف بسته‌های قدیمی"
    >
      <Stack gap="xs">
        <Title order={3} size="h5" c="red">
          حذف بسته‌های قدیمی
        </Title>
        <Text size="sm" c="dimmed">
          بسته‌های ثبت‌شده پیش از این تاریخ حذف می‌شوند (شماره‌هایشان دوباره استفاده نمی‌شود و سابقه حذف
          می‌ماند).
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <div style={{ flex: '1 1 180px', maxWidth: 260 }}>
            <JalaliDateInput
              label="تاریخ شروع"
              value={date}
              onChange={(v) => {
                setDate(v);
                setError(undefined);
              }}
              error={error}
            />
          </div>
          <Button
            type="submit"
            color="red"
            mt={25}
            leftSection={<IconTrash size={18} />}
            loading={remove.isPending}
          >
            حذف
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
