import { Pause, Play } from 'lucide-react';
import { CHANNEL_STATUS, type ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { WIDGET_POSITION, livechatSettings } from '@omnicare/shared/channels/livechat-settings';
import { CATALOGUE_TEXT } from '@/components/catalogue/catalogue-text';
import { useDeleteCatalogue, useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { DeleteRowButton } from '@/components/list/delete-row-button';
import { EditRowButton } from '@/components/list/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { removeWithFeedback } from '@/lib/mutation-feedback';
import { toast } from '@/lib/toast';
import { CHANNELS_TEXT } from '../../channels-text';
import { withStatus } from '../../livechat-form';
import { LIVECHAT_TEXT as TEXT } from '../../livechat-text';
import { InstallSnippet } from './install-snippet';
import { LIVECHAT } from './livechat-channel-dialog';

/** One livechat channel: what it is, its actions, and the tag to install it. */
export function LivechatChannelCard({
  channel,
  canEdit,
  onEdit,
}: {
  channel: ChannelView;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const settings = livechatSettings.safeParse(channel.settings).data;
  const running = channel.status !== 'disabled';
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span
            className="mt-1 size-4 shrink-0 rounded-full ring-1 ring-slate-300"
            style={{ background: settings?.color }}
            aria-hidden="true"
          />
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="truncate text-base font-semibold text-slate-900">{channel.name}</h2>
              <Badge
                variant={
                  channel.status === 'active'
                    ? 'success'
                    : channel.status === 'error'
                      ? 'warning'
                      : 'secondary'
                }
              >
                {CHANNEL_STATUS.label(channel.status)}
              </Badge>
            </div>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-slate-600">
              <div className="flex gap-1">
                <dt>{TEXT.department}:</dt>
                <dd className="font-medium text-slate-800">
                  {channel.group?.name ?? TEXT.anyDepartment}
                </dd>
              </div>
              {settings && (
                <>
                  <div className="flex gap-1">
                    <dt>{TEXT.title}:</dt>
                    <dd className="text-slate-800">{settings.title}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{TEXT.position}:</dt>
                    <dd className="text-slate-800">{WIDGET_POSITION.label(settings.position)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{TEXT.domains}:</dt>
                    <dd className="text-slate-800">
                      {settings.allowed_domains.join(', ') || TEXT.allSites}
                    </dd>
                  </div>
                </>
              )}
            </dl>
          </div>
        </div>
        {canEdit && <ChannelActions channel={channel} running={running} onEdit={onEdit} />}
      </div>
      {!running && <p className="text-[13px] text-amber-800">{TEXT.pausedNote}</p>}
      <InstallSnippet channelId={channel._id} channelName={channel.name} />
    </Card>
  );
}

function ChannelActions({
  channel,
  running,
  onEdit,
}: {
  channel: ChannelView;
  running: boolean;
  onEdit: () => void;
}) {
  const save = useSaveCatalogue(LIVECHAT);
  const remove = useDeleteCatalogue(LIVECHAT);
  const toggle = async () => {
    try {
      const result = await save.mutateAsync({
        id: channel._id,
        body: withStatus(channel, running ? 'disabled' : 'active'),
      });
      toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={save.isPending}
        aria-label={`${running ? TEXT.pause : TEXT.resume} ${channel.name}`}
        onClick={() => void toggle()}
      >
        {running ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {running ? TEXT.pause : TEXT.resume}
      </Button>
      <EditRowButton
        label={`${CATALOGUE_TEXT.edit} ${channel.name}`}
        tooltip={CATALOGUE_TEXT.edit}
        onClick={onEdit}
      />
      <DeleteRowButton
        label={`${CATALOGUE_TEXT.delete} ${channel.name}`}
        title={deleteConfirmText(channel.name)}
        description={CHANNELS_TEXT.deleteHint}
        onConfirm={() => removeWithFeedback(() => remove.mutateAsync(channel._id))}
      />
    </div>
  );
}
