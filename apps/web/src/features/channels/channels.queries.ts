import type { ChannelsSummaryView } from '@omnicare/shared/channels/channels-summary';
import type {
  ChannelTestView,
  EmailFetchView,
  EmailForwardingView,
} from '@omnicare/shared/channels/email-settings';
import type {
  ChannelBody,
  ChannelKind,
  ChannelView,
  FacebookPagesBody,
} from '@omnicare/shared/channels/channels.schemas';
import { atPaths, type Catalogue } from '@/components/catalogue/catalogue-api';
import type { ZaloCompleteBody, ZaloConnectView } from '@omnicare/shared/channels/zalo.schemas';
import type {
  EmailOauthCompleteBody,
  EmailOauthConnectView,
} from '@omnicare/shared/channels/email-oauth.schemas';
import type { FacebookPageView } from '@omnicare/shared/channels/facebook.schemas';
import { apiRequest, apiRequestWithMessage } from '@/lib/http';

export const channelKeys = {
  all: ['channels'] as const,
  kind: (kind: ChannelKind) => ['channels', kind] as const,
  summary: ['channels', 'summary'] as const,
  emailForwarding: ['channels', 'email-forwarding'] as const,
};

/** The tenant's channels of one kind as a catalogue (`/v2/channels?kind=`; administrators). */
export function channelsOfKind(kind: ChannelKind): Catalogue<ChannelView, ChannelBody> {
  const calls = atPaths<ChannelView, ChannelBody>(
    channelKeys.kind(kind),
    { list: '/v2/channels', one: '/v2/channels' },
    { answer: 'array' },
  );
  return { ...calls, list: (signal, params) => calls.list(signal, { ...params, kind }) };
}

/** `POST /v2/channels/{id}/avatar`: a livechat channel's avatar from an image (saved at once). */
export const uploadChannelAvatar = (id: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequestWithMessage<ChannelView>({
    method: 'POST',
    url: `/v2/channels/${encodeURIComponent(id)}/avatar`,
    data: form,
  });
};

/** `POST /v2/channels/{id}/test`: the connection check (email: IMAP and SMTP), in Vietnamese. */
export const testChannel = (id: string) =>
  apiRequestWithMessage<ChannelTestView>({
    method: 'POST',
    url: `/v2/channels/${encodeURIComponent(id)}/test`,
  });

/** `POST /v2/channels/{id}/email/fetch`: the mailbox read now; the message says how many came. */
export const fetchMail = (id: string) =>
  apiRequestWithMessage<EmailFetchView>({
    method: 'POST',
    url: `/v2/channels/${encodeURIComponent(id)}/email/fetch`,
  });

/** `POST /v2/channels/{id}/email/oauth/connect`: the provider's consent page (state, PKCE kept). */
export const startEmailOauthConnect = (id: string) =>
  apiRequestWithMessage<EmailOauthConnectView>({
    method: 'POST',
    url: `/v2/channels/${encodeURIComponent(id)}/email/oauth/connect`,
  });

/**
 * `POST /v2/channels/{id}/email/oauth/disconnect`: the refresh token revoked at the provider (when
 * it can be) and forgotten; the message says whether the provider revoked it.
 */
export const disconnectEmailOauth = (id: string) =>
  apiRequestWithMessage<ChannelView>({
    method: 'POST',
    url: `/v2/channels/${encodeURIComponent(id)}/email/oauth/disconnect`,
  });

/** `POST /v2/email/oauth/complete`: what `/email-redirect` received from the provider. */
export const completeEmailOauthConnect = (body: EmailOauthCompleteBody) =>
  apiRequestWithMessage<ChannelView>({
    method: 'POST',
    url: '/v2/email/oauth/complete',
    data: body,
  });

/** `POST /v2/channels/{id}/zalo/connect`: Zalo's permission page to open (state and PKCE kept). */
export const startZaloConnect = (id: string) =>
  apiRequest<ZaloConnectView>({
    method: 'POST',
    url: `/v2/channels/${encodeURIComponent(id)}/zalo/connect`,
  });

/** `POST /v2/zalo/oauth/complete`: what `/zalo-redirect` received from Zalo. */
export const completeZaloConnect = (body: ZaloCompleteBody) =>
  apiRequestWithMessage<ChannelView>({
    method: 'POST',
    url: '/v2/zalo/oauth/complete',
    data: body,
  });

/** `POST /v2/channels/{id}/zalo/disconnect`: the OA's tokens forgotten. */
export const disconnectZalo = (id: string) =>
  apiRequestWithMessage<ChannelView>({
    method: 'POST',
    url: `/v2/channels/${encodeURIComponent(id)}/zalo/disconnect`,
  });

/** `GET /v2/channels/summary`: every kind, its channels' states and today's messages. */
export const fetchChannelsSummary = (signal?: AbortSignal) =>
  apiRequest<ChannelsSummaryView>({ method: 'GET', url: '/v2/channels/summary', signal });

/** `GET /v2/channels/email-forwarding`: the forwarding addresses' domain (null: not listening). */
export const fetchEmailForwarding = (signal?: AbortSignal) =>
  apiRequest<EmailForwardingView>({ method: 'GET', url: '/v2/channels/email-forwarding', signal });

/** `POST /v2/channels/facebook/pages`: the Pages a User access token manages (no Page tokens). */
export const fetchFacebookPages = (body: FacebookPagesBody) =>
  apiRequest<FacebookPageView[]>({
    method: 'POST',
    url: '/v2/channels/facebook/pages',
    data: body,
  });
