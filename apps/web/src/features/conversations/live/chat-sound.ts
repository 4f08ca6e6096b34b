import { useSyncExternalStore } from 'react';
import { readJsonItem, writeJsonItem } from '@/lib/storage';

/** Local storage: the agent muted the chat's sound on this browser. */
export const CHAT_SOUND_MUTED_KEY = 'chatSoundMuted';

const listeners = new Set<() => void>();
export const isChatMuted = () => readJsonItem<boolean>(CHAT_SOUND_MUTED_KEY) === true;

export function setChatMuted(muted: boolean) {
  writeJsonItem(CHAT_SOUND_MUTED_KEY, muted);
  for (const listener of listeners) listener();
}

/** Whether the chat's sound is muted here, and how to change it (remembered by the browser). */
export function useChatMuted(): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, isChatMuted);
  return [muted, setChatMuted];
}

/** Two beeps closer than this are one (an upsert and its message arrive together). */
const BEEP_GAP_MS = 1_000;
let lastBeepAt = 0;
let context: AudioContext | null = null;

/**
 * A short two-tone chime made on the spot (no sound file to load), unless muted. A browser that
 * has not let the page play sound yet (no click so far) stays silent.
 */
export function playChatSound(): boolean {
  if (isChatMuted()) return false;
  const now = Date.now();
  if (now - lastBeepAt < BEEP_GAP_MS) return false;
  lastBeepAt = now;
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Context) return false;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.12, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.2);
    }
    return true;
  } catch {
    return false;
  }
}

/** For tests: the next sound is not swallowed as a repeat of the last. */
export function resetChatSoundGap() {
  lastBeepAt = 0;
}
