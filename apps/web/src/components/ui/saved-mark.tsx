import { Check } from 'lucide-react';
import { UI_TEXT } from '@/lib/web-constants';

/** How long a field shows that its change was saved. */
export const SAVED_MARK_MS = 2_500;

/** The brief 'Đã lưu' beside a field edited in place once its change is saved. */
export function SavedMark() {
  return (
    <span role="status" className="inline-flex items-center gap-1 text-xs text-emerald-700">
      <Check className="size-3" aria-hidden="true" />
      {UI_TEXT.saved}
    </span>
  );
}
