import type { ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { useCatalogueList } from '@/components/catalogue/use-catalogue';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { LIVECHAT_TEXT as TEXT } from '../../livechat-text';
import { LivechatChannelCard } from './livechat-channel-card';
import { LIVECHAT } from './livechat-channel-dialog';

/** The tenant's livechat channels (usually one), each a card with its install tag. */
export function LivechatChannelList({
  canEdit,
  onEdit,
}: {
  canEdit: boolean;
  onEdit: (channel: ChannelView) => void;
}) {
  const query = useCatalogueList(LIVECHAT);
  const channels = query.data?.data ?? [];
  if (query.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (query.isError)
    return <LoadErrorState onRetry={() => query.refetch()} retrying={query.isFetching} />;
  if (channels.length === 0) return <EmptyState message={TEXT.empty} />;
  return (
    <ul className="flex flex-col gap-3" aria-label={TEXT.tabChannels}>
      {channels.map((channel) => (
        <li key={channel._id}>
          <LivechatChannelCard channel={channel} canEdit={canEdit} onEdit={() => onEdit(channel)} />
        </li>
      ))}
    </ul>
  );
}
