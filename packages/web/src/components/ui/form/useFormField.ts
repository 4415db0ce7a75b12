import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/** What binds an input to its form; the form gives the value, the handlers and the error. */
export type BoundProps = 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'name' | 'error';

/** The props of a form-bound input: the input's own, less what the form gives, plus the field. */
export type FormFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed,
  TInput,
> = Omit<TInput, BoundProps> & {
  control: Control<TValues, unknown, TTransformed>;
  name: TName;
};

/**
 * One react-hook-form field for an input of the kit or a screen's own control: its value, handlers,
 * ref and the form's own error message for that field (so an input cannot show another field's
 * message or a stale one).
 */
export function useFormField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(control: Control<TValues, unknown, TTransformed>, name: TName) {
  const { field, fieldState } = useController({ control, name });
  return { ...field, error: fieldState.error?.message };
}

/** A field's value as text: numbers and text as they are, anything else (null, unset) as ''. */
export function asText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
