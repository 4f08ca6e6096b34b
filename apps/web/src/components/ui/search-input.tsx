import { Search } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/**
 * A search box with its magnifier: `sm` is the compact one of filter rows (h-8). The caller
 * debounces (useListParams); `className` places the box (its width in the row).
 */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder,
  size = 'default',
  className,
}: {
  value: string;
  onChange: (text: string) => void;
  /** The accessible name (the placeholder is not one). */
  label: string;
  placeholder?: string;
  size?: 'default' | 'sm';
  className?: string;
}) {
  const small = size === 'sm';
  return (
    <div className={cn('relative', className)}>
      <Search
        className={cn(
          'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-slate-400',
          small ? 'left-2.5' : 'left-3',
        )}
        aria-hidden="true"
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className={small ? 'h-8 pl-8' : 'pl-9'}
      />
    </div>
  );
}
