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
