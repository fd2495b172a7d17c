import type { FieldPath, FieldValues, UseFormRegister } from 'react-hook-form';

/** `register(name)` with a mask applied to the whole value on every keystroke. */
export function registerMasked<Values extends FieldValues>(
  register: UseFormRegister<Values>,
  name: FieldPath<Values>,
  mask: (value: string) => string,
) {
  const field = register(name);
  return {
    ...field,
    onChange: (event: { target: { value: string } }) => {
      event.target.value = mask(event.target.value);
      return field.onChange(event);
    },
  };
}
