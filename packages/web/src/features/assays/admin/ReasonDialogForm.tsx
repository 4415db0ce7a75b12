import type { FormEvent, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Button, Group, Stack, Text } from '@mantine/core';
import { FormTextareaField } from '../../../components/ui/form/index.ts';

/**
 * The body of an admin's packet action that needs a reason (declining a delete request, withdrawing a
 * result): what will happen, the required reason, «انصراف» and the action.
 */
export function ReasonDialogForm<TValues extends FieldValues, TTransformed>({
  ariaLabel,
  intro,
  control,
  name,
  label,
  description,
  maxLength,
  submitLabel,
  color,
  pending,
  onSubmit,
  onCancel,
}: {
  ariaLabel: string;
  intro: ReactNode;
  control: Control<TValues, unknown, TTransformed>;
  name: FieldPath<TValues>;
  label: string;
  description?: string;
  maxLength: number;
  submitLabel: string;
  color: string;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <form
      // The dialog is portalled, but React passes its submit up to a form around the button (the
      // packet's edit form), which must not save the packet too.
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(event);
      }}
      noValidate
      aria-label={ariaLabel}
    >
      <Stack gap="sm">
        <Text size="sm">{intro}</Text>
        <FormTextareaField
          control={control}
          name={name}
          label={label}
          description={description}
          withAsterisk
          autosize
          minRows={3}
          maxRows={6}
          maxLength={maxLength}
          data-autofocus
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            انصراف
          </Button>
          <Button type="submit" color={color} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
