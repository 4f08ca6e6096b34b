import { X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { DETAIL_TEXT } from '../customers-text';
import { NativeSelect } from './native-select';

export interface ChipOption {
  value: string;
  label: string;
}

/** Several values: chosen ones as chips, the rest in a select that adds one at a time. */
export function ChipPicker({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: ChipOption[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const byValue = new Map(options.map((option) => [option.value, option.label]));
  const rest = options.filter((option) => !value.includes(option.value));
  return (
    <div className="flex flex-col gap-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {value.map((item) => (
            <li key={item}>
              <Badge variant="outline" className="gap-1 bg-white py-1 pr-1">
                {byValue.get(item) ?? item}
                <button
                  type="button"
                  aria-label={DETAIL_TEXT.removeItem(byValue.get(item) ?? item)}
                  className="rounded-full p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                  onClick={() => onChange(value.filter((entry) => entry !== item))}
                >
                  <X className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <NativeSelect
        id={id}
        value=""
        onChange={(event) => {
          if (event.target.value) onChange([...value, event.target.value]);
        }}
      >
        <option value="">{`${DETAIL_TEXT.choose} ${label.toLowerCase()}`}</option>
        {rest.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
