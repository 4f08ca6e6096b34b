// Types of chromium.mjs for the TypeScript browser tests.
export const CHROMIUM_ARGS: string[];
export const CHROMIUM_MEDIA_ARGS: string[];
