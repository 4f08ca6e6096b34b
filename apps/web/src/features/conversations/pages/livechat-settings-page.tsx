import { Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { usePageHandle } from '@/lib/route-declaration';
import { useCan } from '@/lib/use-can';
import { useRecordDialog } from '@/lib/use-record-dialog';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { PageHeader } from '@/components/layout/page-header';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SegmentedTabs } from '@/components/ui/segmented-tabs';
import { LivechatChannelDialog } from '@/features/channels/components/livechat/livechat-channel-dialog';
import { LivechatChannelList } from '@/features/channels/components/livechat/livechat-channel-list';
import { LIVECHAT_TEXT as TEXT } from '@/features/channels/livechat-text';
import { ChatConfigForm } from '../components/chat-config-form';
import { useChatConfig } from '../conversations.queries';

type Tab = 'channels' | 'chat';
const TABS = [
  { value: 'channels', label: TEXT.tabChannels },
  { value: 'chat', label: TEXT.tabChat },
] as const satisfies readonly { value: Tab; label: string }[];

/**
 * /settings/multi-channels/livechat: the tenant's livechat channels (the widget's look, where
 * it may be embedded, its install tag) and, in the second tab, the chat settings every channel
 * shares (`/v2/chat-config`: routing, greeting, offline message, survey). `?tab=chat` opens it.
 */
export function LivechatSettingsPage() {
  const { title } = usePageHandle();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'chat' ? 'chat' : 'channels';
  const canEdit = useCan('channel.manage');
  const dialog = useRecordDialog<ChannelView>();
  const addButton = (
    <Button onClick={dialog.add}>
      <Plus aria-hidden="true" />
      {TEXT.add}
    </Button>
  );
  const choose = (next: Tab) =>
    setParams(next === 'chat' ? { tab: 'chat' } : {}, { replace: true });
  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav group="channels" />
      <PageHeader title={title} actions={tab === 'channels' && canEdit && addButton} />
      <SegmentedTabs label={TEXT.tabs} options={TABS} value={tab} onChange={choose} />
      <div role="tabpanel" aria-label={TEXT.tabChannels} hidden={tab !== 'channels'}>
        <div className="flex flex-col gap-3">
          <p className="text-[13px] text-slate-500">{TEXT.listHint}</p>
          <LivechatChannelList canEdit={canEdit} onEdit={dialog.edit} />
        </div>
      </div>
      {/* Kept mounted while hidden, so what is typed in the chat settings survives a tab switch. */}
      <div role="tabpanel" aria-label={TEXT.tabChat} hidden={tab !== 'chat'}>
        <ChatSettings />
      </div>
      <LivechatChannelDialog
        open={dialog.open}
        onOpenChange={dialog.onOpenChange}
        record={dialog.record}
      />
    </div>
  );
}

function ChatSettings() {
  const config = useChatConfig();
  if (config.isPending) return <PageSpinner />;
  if (!config.data) return <EmptyState />;
  return <ChatConfigForm key={config.data.updated_at ?? 'defaults'} config={config.data} />;
}
