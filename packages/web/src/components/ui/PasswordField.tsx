import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';

export interface PasswordFieldProps extends PasswordInputProps {
  ref?: Ref<HTMLInputElement>;
}

/**
 * Mantine's password field, with what it leaves out: the show-password button is named in Persian
 * after its field («نمایش رمز عبور جدید», not «Toggle password visibility»), and an error marks the
 * field itself invalid (`aria-invalid`; Mantine ties the message by `aria-describedby` but sets only a
 * data attribute), so a screen reader says the field is wrong, not only what is wrong.
 */
export function PasswordField({
  label,
  error,
  attributes,
  visibilityToggleButtonProps,
  ...rest
}: PasswordFieldProps) {
  const name = typeof label === 'string' ? label : 'رمز عبور';
  return (
    <PasswordInput
      label={label}
      error={error}
      visibilityToggleButtonProps={{ 'aria-label': `نمایش ${name}`, ...visibilityToggleButtonProps }}
      attributes={{
        ...attributes,
        innerInput: { ...attributes?.innerInput, 'aria-invalid': error ? true : undefined },
      }}
      styles={{
        // A password is typed left to right (the screens set dir="ltr") while the eye sits at the RTL page's
        // inline end, so the input's own inline-end padding fell on the other side and the dots ran under the
        // icon. Room for the icon at both inline ends keeps them apart in either direction.
        innerInput: { paddingInline: 'var(--input-padding-inline-end)' },
      }}
      {...rest}
    />
  );
}
