/**
 * The one door to the shared contract. The build replaces `zod` with an inert stand-in (see
 * scripts/build-widget.mjs): the schemas module is imported here for its constants only, and
 * every type is `import type`, so no validator reaches the visitor's browser.
 */
import type { VisitorConversationView as ConversationView } from '@omnicare/shared/conversations/livechat.schemas';

export {
  LIVECHAT_EVENTS,
  LIVECHAT_LIMITS_VISITOR,
  LIVECHAT_MESSAGES,
  LIVECHAT_NAMESPACE,
  VISITOR_TOKEN_HEADER,
} from '@omnicare/shared/conversations/livechat.schemas';
export type {
  LivechatConfigView,
  OfflineMessageBody,
  VisitorBody,
  VisitorConversationView,
  VisitorMessageBody,
  VisitorMessageView,
  VisitorRatingBody,
  VisitorView,
} from '@omnicare/shared/conversations/livechat.schemas';
export type { PreChatFieldMode } from '@omnicare/shared/channels/livechat-settings';
export {
  DEFAULT_ERROR_MESSAGE,
  MESSAGES,
  NETWORK_ERROR_MESSAGES,
  httpStatusMessage,
} from '@omnicare/shared/platform/errors';

/** The conversation's status and agent as `livechat:status` carries them (the view minus messages). */
export type VisitorStatusEvent = Omit<ConversationView, 'messages'>;
