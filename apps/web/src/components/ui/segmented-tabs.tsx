import { cn } from '@/lib/cn';

/** Tabs that switch what one list shows (a template kind, the entity of custom fields). */
export function SegmentedTabs<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className="flex w-fit max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-[13px] font-medium whitespace-nowrap text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600/50',
            option.value === value && 'bg-white text-teal-800 shadow-xs hover:text-teal-800',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
