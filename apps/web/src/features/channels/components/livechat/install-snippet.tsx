import { useId } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { installTag } from '../../livechat-form';
import { LIVECHAT_TEXT as TEXT } from '../../livechat-text';

/** Copies with the Clipboard API; where it is refused (an insecure page), selects the text. */
async function copy(text: string, select: () => void) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(TEXT.copied);
  } catch {
    select();
    toast.error(TEXT.copyFailed);
  }
}

/** A saved channel's install tag with 'Sao chép' and where to paste it. */
export function InstallSnippet({
  channelId,
  channelName,
}: {
  channelId: string;
  channelName: string;
}) {
  const id = useId();
  const tag = installTag(window.location.origin, channelId);
  const select = () => {
    const node = document.getElementById(id);
    const selection = window.getSelection();
    if (!node || !selection) return;
    selection.selectAllChildren(node);
  };
  return (
    <section aria-label={TEXT.snippetOf(channelName)} className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-[13px] font-medium text-slate-700">{TEXT.snippet}</p>
        <Button
          variant="outline"
          size="sm"
          aria-label={`${TEXT.copy} ${TEXT.snippetOf(channelName).toLowerCase()}`}
          onClick={() => void copy(tag, select)}
        >
          <Copy aria-hidden="true" />
          {TEXT.copy}
        </Button>
      </div>
      <pre
        id={id}
        className="overflow-x-auto rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-[12.5px] whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-800"
      >
        {tag}
      </pre>
      <p className="text-xs text-slate-500">{TEXT.snippetHint}</p>
    </section>
  );
}
