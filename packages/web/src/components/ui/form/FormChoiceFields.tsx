import { Checkbox, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import type { CheckboxProps, SegmentedControlProps, SelectProps, SwitchProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField } from './useFormField.ts';
import type { FormFieldProps } from './useFormField.ts';

/** A yes/no checkbox bound to one form field. */
export function FormCheckboxField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({
  control,
  name,
  onCheckedChange,
  ...input
}: FormFieldProps<TValues, TName, TTransformed, Omit<CheckboxProps, 'checked'>> & {
  /** Told of the new choice after the form has it. */
  onCheckedChange?: (on: boolean) => void;
}) {
  const { ref, ...field } = useFormField(control, name);
  return (
    <Checkbox
      {...input}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(event) => {
        field.onChange(event.currentTarget.checked);
        onCheckedChange?.(event.currentTarget.checked);
      }}
      onBlur={field.onBlur}
      ref={ref}
      error={field.error}
    />
  );
}

/** An on/off switch bound to one form field. */
export function FormSwitchField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({ control, name, ...input }: FormFieldProps<TValues, TName, TTransformed, Omit<SwitchProps, 'checked'>>) {
  const { ref, ...field } = useFormField(control, name);
  return (
    <Switch
      {...input}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      ref={ref}
      error={field.error}
    />
  );
}

/**
 * One of a few choices side by side, bound to one form field. The control's values are text; `parse`
 * turns the chosen one into what the form keeps (a number), `label` shows a heading above it.
 */
export function FormSegmentedField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({
  control,
  name,
  label,
  parse,
  color,
  ...input
}: FormFieldProps<TValues, TName, TTransformed, Omit<SegmentedControlProps, 'color'>> & {
  label?: string;
  parse?: (value: string) => unknown;
  /** The control's colour, for each choice its own. */
  color?: string | ((value: string) => string);
}) {
  const { ref, ...field } = useFormField(control, name);
  const value = String(field.value ?? '');
  const control_ = (
    <SegmentedControl
      fullWidth
      aria-label={label}
      {...input}
      name={field.name}
      ref={ref}
      value={value}
      onChange={(v) => field.onChange(parse ? parse(v) : v)}
      color={typeof color === 'function' ? color(value) : color}
    />
  );
  if (!label) return control_;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {control_}
    </Stack>
  );
}

/** A choice from a list bound to one form field; an empty choice is null. */
export function FormSelectField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({ control, name, ...input }: FormFieldProps<TValues, TName, TTransformed, SelectProps>) {
  const { ref, ...field } = useFormField(control, name);
  return (
    <Select
      {...input}
      name={field.name}
      ref={ref}
      value={(field.value as string | null | undefined) ?? null}
      onChange={(v) => field.onChange(v)}
      onBlur={field.onBlur}
      error={field.error}
    />
  );
}
