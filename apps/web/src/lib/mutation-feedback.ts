import { errorMessage } from './errors';
import { toast } from './toast';

/**
 * Sends a dialog's form. Success: the server's message as a toast, then `onSaved` (which closes
 * the dialog). Failure: `showFieldErrors` puts a 422's messages on their fields and says whether
 * it did; any other failure is an error toast (the form's save mutation is silent).
 */
export async function saveForm<R extends { message: string }>(
  send: () => Promise<R>,
  {
    onSaved,
    showFieldErrors,
  }: { onSaved: (result: R) => void; showFieldErrors: (error: unknown) => boolean },
): Promise<void> {
  try {
    const result = await send();
    toast.success(result.message);
    onSaved(result);
  } catch (error) {
    if (!showFieldErrors(error)) toast.error(errorMessage(error));
  }
}

/**
 * Runs a delete from its confirmation. Success: the server's message as a toast, then
 * `onRemoved` (e.g. list.afterRemoval). A failure has had its toast from the mutation cache.
 */
export function removeWithFeedback(
  send: () => Promise<{ message: string }>,
  onRemoved?: () => void,
): Promise<void> {
  return send()
    .then((result) => {
      toast.success(result.message);
      onRemoved?.();
    })
    .catch(() => undefined);
}
