import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatConfigBody } from '@omnicare/shared/conversations/chat-config.schemas';
import { getChatConfig, saveChatConfig } from './conversations.api';

export const conversationKeys = { chatConfig: ['conversations', 'chat-config'] as const };

export const useChatConfig = () =>
  useQuery({
    queryKey: conversationKeys.chatConfig,
    queryFn: ({ signal }) => getChatConfig(signal),
  });

export function useSaveChatConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ChatConfigBody) => saveChatConfig(body),
    onSuccess: (result) => queryClient.setQueryData(conversationKeys.chatConfig, result.data),
  });
}
