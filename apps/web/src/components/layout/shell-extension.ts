import type { ComponentType } from 'react';

/**
 * What a feature adds to the signed-in frame, declared once in its `<domain>.shell.tsx` and
 * gathered into FEATURE_SHELL: the frame renders it without naming the feature.
 */
export interface ShellExtension {
  /** Widgets of the header, left of the presence selector and the bell (the dial pad). */
  headerWidgets?: readonly ComponentType[];
  /** Parts mounted once with the frame, outside the page (the softphone and its call windows). */
  frameParts?: readonly ComponentType[];
}
