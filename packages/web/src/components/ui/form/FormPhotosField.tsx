import { Text } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { PhotoUploader } from '../PhotoUploader.tsx';
import type { PhotoUpload } from '../PhotoUploader.tsx';
import { useFormField } from './useFormField.ts';
import type { FormFieldProps } from './useFormField.ts';

/** A packet's photos bound to one form field (the uploaded addresses), with the field's error under them. */
export function FormPhotosField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({
  control,
  name,
  ...uploader
}: FormFieldProps<
  TValues,
  TName,
  TTransformed,
  { max?: number; onBusyChange?: (busy: boolean) => void; upload?: PhotoUpload }
>) {
  const field = useFormField(control, name);
  return (
    <>
      <PhotoUploader
        {...uploader}
        value={(field.value as string[] | undefined) ?? []}
        onChange={field.onChange}
      />
      {field.error ? (
        <Text size="sm" c="red" role="alert">
          {field.error}
        </Text>
      ) : null}
    </>
  );
}
