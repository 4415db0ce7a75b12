import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CHANGE_REASON_MAX, toPersianDigits, withdrawResultSchema } from '@ayar/contract';
import type { LabDetail, WithdrawResultInput, WithdrawResultRequest } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { IconAlertTriangle } from '../../../components/ui/icons.tsx';
import { alertSuccess } from '../../../lib/alert.ts';
import { applyFieldErrors } from '../../../lib/applyFieldErrors.ts';
import { ASSAY_KEYS, useWithdrawResult } from '../api.ts';
import { ReasonDialogForm } from './ReasonDialogForm.tsx';

type Packet = Pick<LabDetail, 'id' | 'docNumber' | 'titleName' | 'cutting' | 'labName' | 'sendSMS'>;

/** Whether the admin may withdraw the packet's result: published, not withdrawn, not deleted. */
export const canWithdraw = (lab: LabDetail) =>
  !lab.deleted && lab.resultVersion !== null && lab.resultStatus === 'published' && lab.cutting !== null;

/** The reason, required (3–500 characters, the public reads it), and «باطل کردن نتیجه». */
function WithdrawForm({ packet, onClose }: { packet: Packet; onClose: () => void }) {
  const queryClient = useQueryClient();
  const withdraw = useWithdrawResult();
  const form = useForm<WithdrawResultInput, unknown, WithdrawResultRequest>({
    resolver: zodResolver(withdrawResultSchema),
    defaultValues: { id: packet.id, reason: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await withdraw.mutateAsync(values);
      alertSuccess(result.message);
      onClose();
      // The packet, its lists, its history and its versions all start with the packets' key.
      await queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all });
    } catch (error) {
      applyFieldErrors(error, form.setError, ['reason']);
    }
  });

  return (
    <ReasonDialogForm
      ariaLabel="باطل کردن نتیجه"
      intro={
        <>
          نتیجه {packet.titleName} <Ltr>{toPersianDigits(packet.docNumber)}</Ltr> ({packet.labName}) با عیار{' '}
          <Ltr>{toPersianDigits(packet.cutting ?? 0)}</Ltr> باطل می‌شود: صفحه عمومی به جای عیار «این نتیجه
          باطل شده است» و علت را نشان می‌دهد.{' '}
          {/* The server texts the customer only where the packet sends SMS (ADR 0029, withdraw.ts). */}
          {packet.sendSMS
            ? 'به مشتری پیامک باطل شدن با همین علت فرستاده می‌شود.'
            : 'پیامک این بسته خاموش است: به مشتری پیامکی فرستاده نمی‌شود.'}{' '}
          بسته و تاریخچه‌اش می‌مانند؛ با ثبت عیار تازه نتیجه دوباره منتشر می‌شود.
        </>
      }
      control={form.control}
      name="reason"
      label="علت باطل کردن"
      description={
        packet.sendSMS ? 'در صفحه عمومی نتیجه و پیامک مشتری دیده می‌شود' : 'در صفحه عمومی نتیجه دیده می‌شود'
      }
      maxLength={CHANGE_REASON_MAX}
      submitLabel="باطل کردن نتیجه"
      color="red"
      pending={withdraw.isPending}
      onSubmit={onSubmit}
      onCancel={onClose}
    />
  );
}

/**
 * «باطل کردن نتیجه» (ADR 0029): the admin withdraws a published result after a confirmation that
 * asks why. Shown only while the result is published (`canWithdraw`).
 */
export function WithdrawResultButton({ packet, disabled }: { packet: Packet; disabled?: boolean }) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button
        variant="outline"
        color="red"
        disabled={disabled}
        leftSection={<IconAlertTriangle size={18} />}
        onClick={() => setOpened(true)}
      >
        باطل کردن نتیجه
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="باطل کردن نتیجه"
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        {/* Mounted while open only: a new opening starts with an empty reason. */}
        {opened ? <WithdrawForm packet={packet} onClose={close} /> : null}
      </Modal>
    </>
  );
}
