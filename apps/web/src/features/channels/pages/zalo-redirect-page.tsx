import { useSearchParams } from 'react-router';
import { completeZaloConnect } from '../channels.queries';
import { OauthLanding } from '../components/oauth-landing';
import { ZALO_TEXT as TEXT } from '../zalo-text';

/**
 * /zalo-redirect: where Zalo sends the administrator back after its permission page, with
 * `code`, `state` and `oa_id` (or no code when they declined). The page posts them to the server,
 * which holds the PKCE verifier by state and exchanges the code; it says what happened in
 * Vietnamese and leads back to the Zalo OA settings (`OauthLanding`).
 */
export function ZaloRedirectPage() {
  const [params] = useSearchParams();
  const state = params.get('state') ?? '';
  const body = {
    state,
    code: params.get('code') ?? undefined,
    oa_id: params.get('oa_id') ?? undefined,
    error: params.get('error') ?? (params.get('code') ? undefined : 'no_code'),
  };
  return (
    <OauthLanding
      kind="zalo"
      state={state}
      complete={() => completeZaloConnect(body)}
      completed={(channel) => TEXT.completed(String(channel.settings.oa_name ?? ''))}
      settings="/settings/multi-channels/zalo"
      text={TEXT}
    />
  );
}
