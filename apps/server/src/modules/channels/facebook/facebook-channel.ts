import type { Platform } from '../../../platform/context.js';
import type { FacebookPagesBody } from '@omnicare/shared/channels/channels.schemas';
import {
  FACEBOOK_MESSAGES as M,
  type FacebookPageView,
} from '@omnicare/shared/channels/facebook.schemas';
import { fieldError } from '../../../platform/errors.js';
import { loadChannel, type LoadedChannel } from '../channel-loader.js';
import { GraphError, managedPages, type GraphSettings } from './facebook-api.js';

export type FacebookChannel = LoadedChannel<'facebook'>;

/** A Messenger channel by id (of a tenant when given); undefined for another kind or none. */
export const loadFacebook = (platform: Platform, id: string, tenantId?: string) =>
  loadChannel(platform, 'facebook', id, tenantId);

/** The Pages a User access token manages with messaging; Facebook's refusal on `param` (422). */
async function pagesOf(settings: GraphSettings, userToken: string, param: string) {
  try {
    return await managedPages(settings, userToken);
  } catch (error) {
    const reason = error instanceof GraphError ? error.message : String(error);
    throw fieldError(param, M.pagesFailed(reason));
  }
}

/** `POST /v2/channels/facebook/pages`: the Pages to pick from, without their tokens. */
export async function facebookPages(body: FacebookPagesBody): Promise<FacebookPageView[]> {
  const pages = await pagesOf(body, body.user_access_token, 'user_access_token');
  return pages.map(({ id, name }) => ({ id, name }));
}

/**
 * A channel saved with a User access token instead of a Page token: the picked Page's own token
 * is taken from the Pages the person manages (and its name when none was given); the user's
 * token is not kept.
 */
export async function takePageToken(
  settings: Record<string, unknown>,
  secrets: Record<string, string>,
) {
  const userToken = secrets.user_access_token;
  delete secrets.user_access_token;
  if (!userToken) return;
  const pages = await pagesOf(settings as GraphSettings, userToken, 'secrets.user_access_token');
  const page = pages.find((candidate) => candidate.id === settings.page_id);
  if (!page) throw fieldError('secrets.user_access_token', M.pageNotManaged);
  secrets.page_access_token = page.accessToken;
  if (!settings.page_name) settings.page_name = page.name;
}
