import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's search box: what is typed reaches `onCommit` 300 ms after the last key. A value
 * changed from outside (back, a link) replaces the text.
 */
export function SearchField({
  value,
  onCommit,
  placeholder,
}: {
  value: string;
  onCommit: (value: string) => void;
  placeholder: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onCommit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Buscar</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          className="pl-9"
          value={text}
          placeholder={placeholder}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </div>
  );
}
