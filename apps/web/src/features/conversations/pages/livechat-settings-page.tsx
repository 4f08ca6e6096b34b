import { usePageHandle } from '@/lib/route-declaration';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { PageHeader } from '@/components/layout/page-header';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { EmptyState } from '@/components/ui/empty-state';
import { ChatConfigForm } from '../components/chat-config-form';
import { useChatConfig } from '../conversations.queries';

/**
 * /settings/multi-channels/livechat: how chats are routed and what the widget says (the chat
 * settings, `/v2/chat-config`); the widget's own look and install tag join it with the widget.
 */
export function LivechatSettingsPage() {
  const { title } = usePageHandle();
  const config = useChatConfig();
  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav group="channels" />
      <PageHeader title={title} />
      {config.isPending ? (
        <PageSpinner />
      ) : config.data ? (
        <ChatConfigForm key={config.data.updated_at ?? 'defaults'} config={config.data} />
      ) : (
        <EmptyState />
      )}
    </div>
  );
}
