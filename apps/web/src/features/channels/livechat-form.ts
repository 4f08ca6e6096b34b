import type { ChannelBody, ChannelView } from '@omnicare/shared/channels/channels.schemas';
import type { useCatalogueForm } from '@/components/catalogue/use-catalogue-form';
import {
  livechatSettings,
  type PreChatFieldMode,
  type WidgetPosition,
} from '@omnicare/shared/channels/livechat-settings';

/** What the livechat channel form holds: the body's shape, with empty choices as ''. */
export interface LivechatFormValues {
  name: string;
  status: 'active' | 'disabled';
  group_id: string;
  settings: {
    color: string;
    title: string;
    position: WidgetPosition;
    avatar_url: string;
    allowed_domains: string[];
    pre_chat: Record<'name' | 'phone' | 'email', PreChatFieldMode>;
    working_time_id: string;
  };
}

/** Every path the server may name that the form shows (a domain's index included). */
export const LIVECHAT_FORM_FIELDS = [
  'name',
  'status',
  'group_id',
  'settings.color',
  'settings.title',
  'settings.position',
  'settings.avatar_url',
  'settings.allowed_domains',
  'settings.pre_chat',
  'settings.working_time_id',
] as const;

/** A channel's values in the form; a new channel starts from the contract's defaults. */
export function livechatFormValues(channel: ChannelView | null): LivechatFormValues {
  const stored = livechatSettings.safeParse(channel?.settings ?? {});
  const settings = stored.success ? stored.data : livechatSettings.parse({});
  return {
    name: channel?.name ?? '',
    status: channel?.status === 'disabled' ? 'disabled' : 'active',
    group_id: channel?.group?._id ?? '',
    settings: {
      ...settings,
      avatar_url: settings.avatar_url ?? '',
      working_time_id: settings.working_time_id ?? '',
    },
  };
}

export const toLivechatBody = (values: LivechatFormValues): ChannelBody => ({
  kind: 'livechat',
  name: values.name,
  status: values.status,
  group_id: values.group_id || null,
  settings: {
    ...values.settings,
    avatar_url: values.settings.avatar_url.trim() || null,
    working_time_id: values.settings.working_time_id || null,
  },
  secrets: {},
});

/** The same channel with another status (pause and resume send the whole channel back). */
export const withStatus = (channel: ChannelView, status: 'active' | 'disabled'): ChannelBody => ({
  ...toLivechatBody(livechatFormValues(channel)),
  status,
});

/** The tag a site embeds, served from this app's address (`npm start`'s one origin). */
export const installTag = (origin: string, channelId: string) =>
  `<script src="${origin}/widget.js" data-channel="${channelId}" async></script>`;

/** What the form's parts are handed (the catalogue form of a livechat channel). */
export type LivechatForm = ReturnType<
  typeof useCatalogueForm<ChannelView, ChannelBody, LivechatFormValues>
>;
