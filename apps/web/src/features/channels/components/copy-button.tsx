import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** A small button copying a value (a webhook URL, a verify token) and saying so. */
export function CopyButton({
  value,
  label,
  copied,
  failed,
}: {
  value: string;
  label: string;
  copied: string;
  failed: string;
}) {
  return (
    <Button
      type="button"
      size="icon"
      variant="ghost"
      className="size-6 shrink-0"
      aria-label={label}
      title={label}
      disabled={!value}
      onClick={() =>
        void navigator.clipboard
          .writeText(value)
          .then(() => toast.success(copied))
          .catch(() => toast.error(failed))
      }
    >
      <Copy className="size-3.5" aria-hidden="true" />
    </Button>
  );
}
