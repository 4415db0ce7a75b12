// The form kit: every input of a react-hook-form form, bound to its field by `control` and `name`.
export { FormDigitsField, FormGramsField, FormTomanField } from './FormDigitsFields.tsx';
export type { FormDigitsFieldProps, TextPath } from './FormDigitsFields.tsx';
export { FormJalaliDateField, FormTextField, FormTextareaField } from './FormTextFields.tsx';
export {
  FormCheckboxField,
  FormSegmentedField,
  FormSelectField,
  FormSwitchField,
} from './FormChoiceFields.tsx';
export { FormPhotosField } from './FormPhotosField.tsx';
export { asText, useFormField } from './useFormField.ts';
export type { FormFieldProps } from './useFormField.ts';
