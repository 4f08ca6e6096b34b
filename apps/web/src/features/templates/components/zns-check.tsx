import { useState } from 'react';
import type { ZnsCheckView } from '@omnicare/shared/templates/templates.schemas';
import { Button } from '@/components/ui/button';
import { checkZnsTemplate } from '../templates.api';
import { TEMPLATE_TEXT } from '../templates-text';

/**
 * Asks Zalo for the ZNS template registered under the row's id and says whether it is approved
 * and its parameters are ones OmniCare fills (the server's Vietnamese sentence).
 */
export function ZnsCheck({ templateId }: { templateId: string }) {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ZnsCheckView | null>(null);
  const run = async () => {
    setPending(true);
    try {
      setResult((await checkZnsTemplate(templateId)).data);
    } catch {
      // The request's own failure is toasted by the client.
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="outline"
        size="sm"
        className="h-7 px-2 text-xs"
        onClick={() => void run()}
        disabled={pending}
      >
        {pending ? TEMPLATE_TEXT.znsChecking : TEMPLATE_TEXT.znsCheck}
      </Button>
      {result && (
        <p role="status" className={`text-xs ${result.ok ? 'text-emerald-700' : 'text-red-700'}`}>
          {result.message}
        </p>
      )}
    </div>
  );
}
