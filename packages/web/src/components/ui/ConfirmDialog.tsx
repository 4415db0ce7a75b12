import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { settle, type Pending } from './confirm.tsx';

/** The confirmation dialog of `confirmAction` (confirm.tsx), loaded on first use. */
export default function ConfirmDialog({ open, view }: { open: boolean; view: Pending }) {
  const answer = (confirmed: boolean) => settle(view.id, confirmed);
  const cancel = () => answer(false);

  return (
    <Modal
      opened={open}
      onClose={cancel}
      title={view.title ?? 'تأیید'}
      centered
      size="sm"
      radius="lg"
      zIndex={1100}
      closeButtonProps={{ 'aria-label': 'بستن' }}
      // The confirm button gets the focus (data-autofocus), so Enter confirms and Escape cancels.
      trapFocus
      returnFocus
    >
      <Stack gap="lg">
        {typeof view.message === 'string' ? <Text>{view.message}</Text> : view.message}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel}>
            {view.cancelLabel ?? 'انصراف'}
          </Button>
          <Button data-autofocus color={view.danger ? 'red' : undefined} onClick={() => answer(true)}>
            {view.confirmLabel ?? 'بله'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
