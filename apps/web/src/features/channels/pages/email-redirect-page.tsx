import { useSearchParams } from 'react-router';
import { completeEmailOauthConnect } from '../channels.queries';
import { EMAIL_TEXT } from '../channels-text';
import { OauthLanding } from '../components/oauth-landing';

const TEXT = { ...EMAIL_TEXT, login: EMAIL_TEXT.signInLink };

/**
 * /email-redirect: where the OAuth2 provider (Google, Microsoft, a custom server) sends the
 * administrator back after its consent page, with `code` and `state`, or `error` and
 * `error_description` (RFC 6749 §4.1.2). The page posts them to the server, which holds the
 * PKCE verifier by state and exchanges the code; it says what happened in Vietnamese and leads
 * back to the mailboxes (`OauthLanding`; the spec names no landing for email: this one mirrors
 * /zalo-redirect).
 */
export function EmailRedirectPage() {
  const [params] = useSearchParams();
  const state = params.get('state') ?? '';
  const code = params.get('code') ?? undefined;
  const body = {
    state,
    code,
    error: params.get('error') ?? (code ? undefined : 'no_code'),
    error_description: params.get('error_description') ?? undefined,
  };
  return (
    <OauthLanding
      kind="email"
      state={state}
      complete={() => completeEmailOauthConnect(body)}
      completed={(channel) =>
        TEXT.completed(channel.name, String(channel.settings.from_address ?? ''))
      }
      settings="/settings/multi-channels/email"
      text={TEXT}
    />
  );
}
