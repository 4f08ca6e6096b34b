import type { ShellExtension } from '@/components/layout/shell-extension';

/** Each feature's `<domain>.shell.tsx` (its `shell` export), found by name as routes are. */
const declared = import.meta.glob<ShellExtension>('../features/*/*.shell.tsx', {
  eager: true,
  import: 'shell',
});

/** What features add to the signed-in frame (header widgets, frame parts), in folder order. */
export const FEATURE_SHELL: readonly ShellExtension[] = Object.keys(declared)
  .sort()
  .map((file) => {
    const shell = declared[file];
    if (!shell) throw new Error(`${file} exports no shell`);
    return shell;
  });

export const HEADER_WIDGETS = FEATURE_SHELL.flatMap((extension) => extension.headerWidgets ?? []);
export const FRAME_PARTS = FEATURE_SHELL.flatMap((extension) => extension.frameParts ?? []);
