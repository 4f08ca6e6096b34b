import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelView } from '@omnicare/shared/channels/channels.schemas';
import { forwardingAddress, type ChannelTestView } from '@omnicare/shared/channels/email-settings';
import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useCan } from '@/lib/use-can';
import { channelKeys, fetchEmailForwarding, fetchMail, testChannel } from '../channels.queries';
import { CopyButton } from '../components/copy-button';
import { CHANNELS_TEXT, EMAIL_TEXT as TEXT } from '../channels-text';
import { ChannelPauseButton, ChannelStateBadge } from '../components/channel-state';
import {
  EMAIL_CHANNELS,
  EmailChannelDialog,
  goToConsent,
  oauthConnected,
  providerName,
} from '../components/email-channel-dialog';

const server = (channel: ChannelView, side: 'imap' | 'smtp') =>
  `${String(channel.settings[`${side}_host`] ?? '')}:${String(channel.settings[`${side}_port`] ?? '')}`;

/** The connection test of a saved mailbox and its Vietnamese answer, per side. */
function TestCell({ channel }: { channel: ChannelView }) {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ChannelTestView | null>(null);
  const run = async () => {
    setPending(true);
    try {
      setResult((await testChannel(channel._id)).data);
    } catch {
      // The request's own failure is toasted by the client.
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="space-y-1">
      <Button variant="outline" size="sm" onClick={() => void run()} disabled={pending}>
        {pending ? TEXT.testing : TEXT.test}
      </Button>
      {result && (
        <ul className="space-y-0.5 text-xs" aria-live="polite" aria-label={TEXT.test}>
          {result.checks.map((check) => (
            <li key={check.name} className={check.ok ? 'text-emerald-700' : 'text-red-700'}>
              {check.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * How the mailbox logs in: its passwords stored or not, or OAuth2 with its provider, whether the
 * connection was made, and (administrators) connecting again through the provider's page.
 */
function LoginCell({ channel, canEdit }: { channel: ChannelView; canEdit: boolean }) {
  const [busy, setBusy] = useState(false);
  if (channel.settings.auth_method !== 'oauth2') {
    const set = Boolean(channel.secrets.imap_password && channel.secrets.smtp_password);
    return (
      <div className="space-y-1">
        <span className="block text-xs text-slate-500">{TEXT.loginPassword}</span>
        <Badge variant={set ? 'success' : 'warning'}>
          {set ? CHANNELS_TEXT.keysSet : CHANNELS_TEXT.keysMissing}
        </Badge>
      </div>
    );
  }
  const provider = providerName(channel.settings.oauth_provider);
  const connected = oauthConnected(channel);
  const connect = async () => {
    setBusy(true);
    try {
      await goToConsent(channel._id);
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <div className="space-y-1">
      <span className="block text-xs text-slate-500">{TEXT.loginOauth(provider)}</span>
      <Badge variant={connected ? 'success' : 'warning'}>
        {connected ? TEXT.connected : TEXT.notConnected}
      </Badge>
      {canEdit && (
        <Button
          variant="outline"
          size="sm"
          className="block"
          disabled={busy}
          onClick={() => void connect()}
        >
          {connected ? TEXT.reconnectWith(provider) : TEXT.connectWith(provider)}
        </Button>
      )}
    </div>
  );
}

/** Reads the mailbox now (not at its next poll) and says how many mails came, or what failed. */
function FetchButton({ channel }: { channel: ChannelView }) {
  const queryClient = useQueryClient();
  const fetch = useMutation({
    mutationFn: () => fetchMail(channel._id),
    onSuccess: async ({ data, message }) => {
      if (data.status === 'error') toast.error(message);
      else toast.success(message);
      // The mailbox's state may have changed (an error, or back to active).
      await queryClient.invalidateQueries({ queryKey: EMAIL_CHANNELS.key });
    },
  });
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => fetch.mutate()}
      disabled={fetch.isPending || channel.status === 'disabled'}
    >
      {fetch.isPending ? TEXT.fetching : TEXT.fetch}
    </Button>
  );
}

/** The mailbox's own address on the server's SMTP listener, to forward the team's mail to. */
function ForwardingAddress({ channel, domain }: { channel: ChannelView; domain: string }) {
  const address = forwardingAddress(channel._id, domain);
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span
        className="block max-w-[11rem] truncate font-mono text-xs text-slate-500"
        title={`${address}\n${TEXT.forwardingHint}`}
      >
        {TEXT.forwarding}: {address}
      </span>
      <CopyButton
        value={address}
        label={TEXT.copyForwarding}
        copied={TEXT.copiedForwarding}
        failed={TEXT.copyFailed}
      />
    </span>
  );
}

/** /settings/multi-channels/email: the tenant's mailboxes (IMAP or forwarding in, SMTP out). */
export function EmailChannelsPage() {
  const canEdit = useCan('channel.manage');
  const forwarding = useQuery({
    queryKey: channelKeys.emailForwarding,
    queryFn: ({ signal }) => fetchEmailForwarding(signal),
    staleTime: Infinity,
  });
  const domain = forwarding.data?.domain;
  return (
    <CatalogueListPage
      catalogue={EMAIL_CHANNELS}
      nav={<SettingsGroupNav group="channels" />}
      addLabel={TEXT.add}
      tableLabel={TEXT.table}
      hint={TEXT.hint}
      deleteHint={CHANNELS_TEXT.deleteHint}
      canEdit={canEdit}
      dialog={EmailChannelDialog}
      columns={[
        {
          head: CHANNELS_TEXT.name,
          cell: (channel) => (
            <div className="flex min-w-0 flex-col gap-1">
              <NameCell name={channel.name} />
              {domain && <ForwardingAddress channel={channel} domain={domain} />}
            </div>
          ),
        },
        {
          // The address and its servers in one column: the table fits 1366 without scrolling.
          head: TEXT.addressAndServers,
          cell: (channel) => (
            <div className="space-y-0.5">
              <div className="break-all">{String(channel.settings.from_address ?? '')}</div>
              {(['imap', 'smtp'] as const).map((side) => (
                <div key={side} className="text-xs whitespace-nowrap text-slate-600">
                  <span className="mr-1 text-slate-500">{TEXT[side]}</span>
                  {server(channel, side)}
                </div>
              ))}
            </div>
          ),
        },
        {
          head: TEXT.login,
          className: 'w-44',
          cell: (channel) => <LoginCell channel={channel} canEdit={canEdit} />,
        },
        {
          head: CHANNELS_TEXT.status,
          className: 'w-40',
          cell: (channel) => (
            <ChannelStateBadge
              status={channel.status}
              reason={channel.status_reason}
              at={channel.updated_at}
            />
          ),
        },
        {
          head: TEXT.test,
          className: 'w-56',
          cell: (channel) => (
            <div className="flex flex-wrap items-start gap-1 break-words">
              {/* A result speaks of the settings it tested: other settings start without one. */}
              <TestCell
                key={JSON.stringify([channel.settings, channel.secrets])}
                channel={channel}
              />
              {canEdit && <FetchButton channel={channel} />}
              {canEdit && (
                <ChannelPauseButton channel={channel} catalogue={EMAIL_CHANNELS} text={TEXT} />
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
