import { useId } from 'react';
import type { Option } from '@medipay/shared/options';
import { Label } from '../../../../components/ui/label';
import { NativeSelect } from '../../../../components/ui/native-select';

/**
 * A list filter: 'Todos' first (or `placeholder`, what the empty value means: the sort's
 * default), then the options.
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  placeholder = 'Todos',
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        options={options}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
