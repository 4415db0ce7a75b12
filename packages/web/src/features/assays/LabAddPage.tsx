import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { PendingTable } from './components/PendingTable.tsx';
import { LabAddForm } from './LabAddForm.tsx';
import { usePendingPackets } from './pending.ts';
import { useLabAddSetup } from './useLabAddForm.ts';

/**
 * lab/add «ثبت بسته» (docs/product.md §2.9, §4.2): the form (LabAddForm.tsx), and below it the packets saved with
 * «ذخیره و ادامه» waiting for «ثبت», kept in sessionStorage (ADR 13).
 */
export function LabAddPage() {
  const setup = useLabAddSetup();
  const pending = usePendingPackets();
  return (
    <Stack gap="md" maw={960} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <LabAddForm setup={setup} pending={pending} />
      </Paper>

      {pending.list.length > 0 ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h5">
              آماده ثبت
            </Title>
            <Text size="sm" c="dimmed">
              <Ltr>{toPersianDigits(pending.list.length)}</Ltr> {setup.titleName}
            </Text>
          </Group>
          <PendingTable rows={pending.list} numberLabel={setup.numberLabel} onDelete={pending.remove} />
        </Stack>
      ) : (
        <Alert variant="light" color="gray" radius="md">
          با «ذخیره و ادامه» بسته‌ها یکی‌یکی به لیست اضافه می‌شوند و با «ثبت» همه با هم ثبت می‌شوند. اگر لیست
          خالی باشد، «ثبت» همین فرم را ثبت می‌کند.
        </Alert>
      )}
    </Stack>
  );
}
