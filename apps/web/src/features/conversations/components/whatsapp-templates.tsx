import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileCheck2 } from 'lucide-react';
import { renderTemplate } from '@omnicare/shared/templates/placeholders';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/stores/session-store';
import { fetchTicketPlaceholders, macroKeys } from '@/features/macros/macros.api';
import { listUserTemplates } from '@/features/templates/templates.api';
import { CHAT_TEXT } from '../conversations-text';
import { sendWhatsAppTemplate } from '../conversations.api';
import { addMessage } from '../conversations.queries';

/**
 * The approved WhatsApp templates of the caller (those naming the template Meta approved), each
 * previewed filled for this conversation, sent with one click: the one message WhatsApp takes
 * once the customer has been silent for 24 hours.
 */
export function WhatsAppTemplates({ ticketId, disabled }: { ticketId: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const me = useCurrentUser()?._id ?? '';
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: ['templates', 'user', me, 'whatsapp'],
    queryFn: ({ signal }) => listUserTemplates(me, 'whatsapp', signal),
    enabled: open && !!me,
    select: (answer) => answer.data.filter((template) => !!template.wa_template_name),
  });
  const values = useQuery({
    queryKey: macroKeys.placeholders(ticketId),
    queryFn: ({ signal }) => fetchTicketPlaceholders(ticketId, signal),
    enabled: open,
  });
  const send = useMutation({
    meta: { silent: true },
    mutationFn: (templateId: string) => sendWhatsAppTemplate(ticketId, templateId),
    onSuccess: (message) => {
      addMessage(queryClient, ticketId, message);
      setOpen(false);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" className="h-8 px-2 text-slate-600" disabled={disabled}>
          <FileCheck2 aria-hidden />
          {CHAT_TEXT.whatsappTemplates}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-96 p-0">
        <section aria-label={CHAT_TEXT.whatsappTemplates} className="flex max-h-96 flex-col">
          <p className="border-b border-slate-100 px-3 py-2 text-xs text-slate-500">
            {CHAT_TEXT.whatsappTemplatesHint}
          </p>
          <ul className="overflow-y-auto">
            {templates.data?.length === 0 && (
              <li className="px-3 py-3 text-sm text-slate-500">
                {CHAT_TEXT.whatsappTemplatesNone}
              </li>
            )}
            {templates.data?.map((template) => (
              <li key={template._id} className="border-b border-slate-100 px-3 py-2 last:border-0">
                <div className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800">
                    {template.name}
                  </span>
                  <span className="font-mono text-[11px] text-slate-400">
                    {template.wa_template_name} · {template.wa_language}
                  </span>
                </div>
                <p className="mt-1 text-[13px] whitespace-pre-wrap text-slate-600">
                  {values.data ? renderTemplate(template.content, values.data) : template.content}
                </p>
                <Button
                  size="sm"
                  className="mt-1.5"
                  disabled={send.isPending}
                  aria-label={`${CHAT_TEXT.sendTemplate}: ${template.name}`}
                  onClick={() => send.mutate(template._id)}
                >
                  {CHAT_TEXT.sendTemplate}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      </PopoverContent>
    </Popover>
  );
}
