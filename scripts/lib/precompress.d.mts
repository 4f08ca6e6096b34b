// Types of precompress.mjs for the TypeScript tests.
export function precompress(
  folder: string,
): Promise<{ files: number; bytes: number; br: number; gz: number }>;
