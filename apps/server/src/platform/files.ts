import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export const PUBLIC_FILES_PREFIX = '/files/';

/**
 * Files on disk under DATA_DIR/files. Public files (avatars) get unguessable names and are
 * served at /files/...; private ones (import reports) are read through authenticated routes.
 */
export function createFileStore(dataDir: string) {
  const root = path.join(dataDir, 'files');
  return {
    root,
    publicRoot: path.join(root, 'public'),
    async savePublic(folder: string, extension: string, stream: Readable) {
      const name = `${randomUUID()}${extension}`;
      const dir = path.join(root, 'public', folder);
      await mkdir(dir, { recursive: true });
      await pipeline(stream, createWriteStream(path.join(dir, name)));
      return `${PUBLIC_FILES_PREFIX}${folder}/${name}`;
    },
    async privatePath(folder: string, name: string) {
      const dir = path.join(root, 'private', folder);
      await mkdir(dir, { recursive: true });
      return path.join(dir, name);
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;

/**
 * The image type a file's first bytes say it is (PNG, JPEG, GIF, WEBP), as an extension, or
 * undefined: what a client calls a file is not trusted.
 */
export function imageExtensionOf(content: Buffer): string | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => content[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return '.png';
  if (starts([0xff, 0xd8, 0xff])) return '.jpg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return '.gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return '.webp';
  return undefined;
}
