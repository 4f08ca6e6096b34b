/** The badge colour of a call's result, the same wherever a call is listed. */
const RESULT_VARIANT: Record<string, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  answered: 'success',
  missed: 'warning',
  abandoned: 'warning',
  busy: 'secondary',
  failed: 'destructive',
};

export const callResultVariant = (result: string | null) =>
  RESULT_VARIANT[result ?? ''] ?? 'secondary';
