import { telephonyShell } from '@/features/telephony/telephony.shell';
import type { ShellExtension } from './shell-extension';

/** What features add to the signed-in frame (header widgets, frame parts), in display order. */
export const FEATURE_SHELL: readonly ShellExtension[] = [telephonyShell];

export const HEADER_WIDGETS = FEATURE_SHELL.flatMap((extension) => extension.headerWidgets ?? []);
export const FRAME_PARTS = FEATURE_SHELL.flatMap((extension) => extension.frameParts ?? []);
