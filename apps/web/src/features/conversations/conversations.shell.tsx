import type { ShellExtension } from '@/components/layout/shell-extension';
import { ChatAlerts } from './live/chat-alerts';

/** The chat's sound for the agent's new conversations and messages, on every screen. */
export const shell: ShellExtension = { frameParts: [ChatAlerts] };
