import { Megaphone } from 'lucide-react';
import {
  CONVERSATION_REFERRAL_LABEL,
  type ConversationReferral,
} from '@omnicare/shared/conversations/conversations.schemas';

/** Where the conversation began (an ad, a post, a link's ref), its title on hover. */
export function ReferralBadge({ referral }: { referral: ConversationReferral | null | undefined }) {
  if (!referral) return null;
  const label = CONVERSATION_REFERRAL_LABEL[referral.kind];
  const detail = referral.title ?? referral.ref ?? referral.ad_id;
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded bg-violet-50 px-1.5 py-px text-[11px] font-medium text-violet-800"
      title={detail ? `${label}: ${detail}` : label}
      data-testid="referral-badge"
    >
      <Megaphone className="size-3" aria-hidden />
      {label}
    </span>
  );
}
