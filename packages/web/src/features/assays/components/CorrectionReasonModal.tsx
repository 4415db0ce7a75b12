import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { CHANGE_REASON_MAX, toPersianDigits, withdrawResultSchema } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { FormTextareaField } from '../../../components/ui/form/index.ts';
import { CORRECTION_REASON } from '../packetForm.ts';

/** A published purity the list is about to change. */
export interface Correction {
  id: string;
  label: string;
  docNumber: number;
  from: number;
  to: number;
}

// The same rule as the withdrawal's reason: 3–500 characters, written as the public will read it.
const reasonSchema = withdrawResultSchema.pick({ reason: true });

function ReasonForm({
  corrections,
  onConfirm,
  onCancel,
}: {
  corrections: readonly Correction[];
  onConfirm: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = form.handleSubmit(({ reason }) => onConfirm(reason));
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="علت اصلاح عیار">
      <Stack gap="sm">
        <Text size="sm">
          عیار این {corrections.length > 1 ? 'بسته‌ها' : 'بسته'} پیش‌تر منتشر شده است. اصلاح آن نسخه تازه‌ای
          از نتیجه می‌سازد و علت در صفحه عمومی نتیجه دیده می‌شود.
        </Text>
        <List size="sm" spacing={4}>
          {corrections.map((c) => (
            <List.Item key={c.id}>
              {c.label} <Ltr>{toPersianDigits(c.docNumber)}</Ltr>: عیار <Ltr>{toPersianDigits(c.from)}</Ltr> ←{' '}
              <Text span fw={700}>
                <Ltr>{toPersianDigits(c.to)}</Ltr>
              </Text>
            </List.Item>
          ))}
        </List>
        <FormTextareaField
          control={form.control}
          name="reason"
          label={CORRECTION_REASON.label}
          withAsterisk
          autosize
          minRows={2}
          maxRows={5}
          maxLength={CHANGE_REASON_MAX}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            انصراف
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            ثبت اصلاح
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Asked when «ثبت عیار» changes a purity already published (ADR 0029): why, once for the packets
 * listed, before anything is sent. Cancelling sends nothing and keeps what was typed.
 */
export function CorrectionReasonModal({
  corrections,
  onConfirm,
  onCancel,
}: {
  corrections: readonly Correction[] | null;
  onConfirm: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={corrections !== null}
      onClose={onCancel}
      title="علت اصلاح عیار"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'بستن' }}
    >
      {corrections ? (
        <ReasonForm corrections={corrections} onConfirm={onConfirm} onCancel={onCancel} />
      ) : null}
    </Modal>
  );
}
