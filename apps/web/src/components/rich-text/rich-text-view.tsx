import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { cn } from '@/lib/cn';

/**
 * Shows rich text from the server (descriptions, comments). The server sanitises what it stores;
 * this sanitises again in the browser, so one missed case on either side is not an XSS.
 */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] }),
    [html],
  );
  return (
    <div
      className={cn('prose-sm break-words [&_a]:text-primary [&_a]:underline', className)}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
