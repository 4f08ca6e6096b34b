import { useState } from 'react';

/**
 * The add/edit dialog of a list: closed, open to add (record null) or open on a record.
 * Spread `open` and `onOpenChange` onto the dialog and give it `record`.
 */
export function useRecordDialog<T>() {
  const [state, setState] = useState<{ record: T | null } | null>(null);
  return {
    open: state !== null,
    record: state?.record ?? null,
    add: () => setState({ record: null }),
    edit: (record: T) => setState({ record }),
    onOpenChange: (open: boolean) => {
      if (!open) setState(null);
    },
  };
}
