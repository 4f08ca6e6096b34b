import type {
  ChatConfigBody,
  ChatConfigView,
} from '@omnicare/shared/conversations/chat-config.schemas';
import { apiRequest, apiRequestWithMessage } from '@/lib/http';

export const getChatConfig = (signal?: AbortSignal) =>
  apiRequest<ChatConfigView>({ method: 'GET', url: '/v2/chat-config', signal });

export const saveChatConfig = (body: ChatConfigBody) =>
  apiRequestWithMessage<ChatConfigView>({ method: 'PUT', url: '/v2/chat-config', data: body });
