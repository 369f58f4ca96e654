// react-hook-form → MUI TextField: the field's ref goes to the input element.
import type { UseFormRegisterReturn } from 'react-hook-form';

export function muiField<T extends string>(registration: UseFormRegisterReturn<T>) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}
