import { useId } from 'react';
import type { Option } from '@medipay/shared/options';
import { Label } from '../../../../components/ui/label';
import { NativeSelect } from '../../../../components/ui/native-select';

/** A list filter: 'Todos' first, then the options. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        options={options}
        placeholder="Todos"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
