import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { DELETE_REASON_MAX, declineDeleteSchema, toPersianDigits } from '@ayar/contract';
import type { DeclineDeleteInput, DeclineDeleteRequest, LabListRow } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { alertSuccess } from '../../../lib/alert.ts';
import { applyFieldErrors } from '../../../lib/applyFieldErrors.ts';
import { ASSAY_KEYS, useDeclineDelete } from '../api.ts';
import { ReasonDialogForm } from './ReasonDialogForm.tsx';

type Packet = Pick<LabListRow, 'id' | 'docNumber' | 'customerName' | 'labName' | 'titleName'>;

/** The reason, required, and «رد درخواست»; the packet stays, the lab reads why. */
function DeclineForm({
  packet,
  onDeclined,
  onClose,
}: {
  packet: Packet;
  onDeclined?: () => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const decline = useDeclineDelete();
  const form = useForm<DeclineDeleteInput, unknown, DeclineDeleteRequest>({
    resolver: zodResolver(declineDeleteSchema),
    defaultValues: { id: packet.id, reason: '' },
  });
  const close = () => {
    onClose();
    form.reset({ id: packet.id, reason: '' });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await decline.mutateAsync(values);
      alertSuccess(result.message);
      close();
      await queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all });
      onDeclined?.();
    } catch (error) {
      applyFieldErrors(error, form.setError, ['reason']);
    }
  });

  return (
    <ReasonDialogForm
      ariaLabel="رد درخواست حذف"
      intro={
        <>
          {packet.titleName} <Ltr>{toPersianDigits(packet.docNumber)}</Ltr> — {packet.customerName} (
          {packet.labName}) حذف نمی‌شود و از فهرست درخواست‌ها بیرون می‌رود. آزمایشگاه دلیل را روی بسته می‌بیند
          و می‌تواند دوباره درخواست دهد.
        </>
      }
      control={form.control}
      name="reason"
      label="دلیل رد درخواست"
      maxLength={DELETE_REASON_MAX}
      submitLabel="رد درخواست"
      color="orange"
      pending={decline.isPending}
      onSubmit={onSubmit}
      onCancel={close}
    />
  );
}

/**
 * «رد درخواست» (ADR 0025): the admin's other answer to a lab's delete request. The reason is required:
 * the lab reads it on the packet, and the packet's history keeps it with who declined.
 */
export function DeclineDeleteButton({
  packet,
  onDeclined,
  disabled,
  size = 'sm',
}: {
  packet: Packet;
  onDeclined?: () => void;
  disabled?: boolean;
  size?: 'compact-sm' | 'sm';
}) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);

  const name = `${packet.titleName} ${toPersianDigits(packet.docNumber)}`;
  return (
    <>
      <Button
        variant="default"
        size={size}
        disabled={disabled}
        aria-label={`رد درخواست حذف ${name}`}
        onClick={() => setOpened(true)}
      >
        رد درخواست
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="رد درخواست حذف"
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        <DeclineForm packet={packet} onDeclined={onDeclined} onClose={close} />
      </Modal>
    </>
  );
}
