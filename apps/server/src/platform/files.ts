import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { PUBLIC_FILES_PREFIX } from '@omnicare/shared/platform/validation';

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
 * The image type a file is (PNG, JPEG, GIF, WEBP), as an extension, or undefined. What a client
 * calls a file is not trusted, nor its first bytes alone: the whole file must have its type's
 * structure, so an image header followed by an HTML page is refused, and no markup may hide in it.
 */
export function imageExtensionOf(content: Buffer): string | undefined {
  const type = IMAGE_TYPES.find(({ signature }) =>
    signature.every((byte, i) => content[i] === byte),
  );
  if (!type?.whole(content) || MARKUP.test(content.toString('latin1'))) return undefined;
  return type.extension;
}

const IMAGE_TYPES = [
  { extension: '.png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], whole: isPng },
  { extension: '.jpg', signature: [0xff, 0xd8], whole: isJpeg },
  { extension: '.gif', signature: [0x47, 0x49, 0x46, 0x38], whole: isGif },
  { extension: '.webp', signature: [0x52, 0x49, 0x46, 0x46], whole: isWebp },
];

/** What a browser would run if it ever read the file as a page. */
const MARKUP = /<(?:script|html|body|iframe|svg|object|embed|!doctype)\b/i;
const CHUNK_TYPE = /^[A-Za-z0-9 ]{4}$/;

/** Chunks from IHDR to IEND, which ends the file. */
function isPng(file: Buffer) {
  let at = 8;
  while (at + 12 <= file.length) {
    const type = file.toString('latin1', at + 4, at + 8);
    if (!CHUNK_TYPE.test(type) || (at === 8 && type !== 'IHDR')) return false;
    at += 12 + file.readUInt32BE(at);
    if (type === 'IEND') return at === file.length;
  }
  return false;
}

/** Marker segments, entropy-coded scans, and EOI at the end (trailing zero bytes aside). */
function isJpeg(file: Buffer) {
  let end = file.length;
  while (end > 0 && file[end - 1] === 0) end--;
  let at = 2;
  while (at + 2 <= end) {
    if (file[at] !== 0xff) return false;
    const marker = file[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2 === end;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > end) return false;
    const length = file.readUInt16BE(at + 2);
    if (length < 2) return false;
    at += 2 + length;
    if (marker === 0xda) {
      // Scan data runs to the next marker other than a stuffed 0xff00 or a restart marker.
      while (at + 1 < end) {
        const next = file[at + 1] as number;
        if (file[at] === 0xff && next !== 0 && (next < 0xd0 || next > 0xd7)) break;
        at++;
      }
    }
  }
  return false;
}

/** Extension and image blocks, each run of sub-blocks closed, then the trailer 0x3b as last byte. */
function isGif(file: Buffer) {
  const version = file.toString('latin1', 0, 6);
  if ((version !== 'GIF87a' && version !== 'GIF89a') || file.length < 14) return false;
  const colorTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + colorTable(file[10] as number);
  const subBlocks = () => {
    while (at < file.length) {
      const size = file[at] as number;
      at += 1 + size;
      if (size === 0) return true;
    }
    return false;
  };
  while (at < file.length) {
    const block = file[at];
    if (block === 0x3b) return at === file.length - 1;
    if (block === 0x21) {
      at += 2;
    } else if (block === 0x2c && at + 10 < file.length) {
      at += 10 + colorTable(file[at + 9] as number) + 1; // descriptor, local colours, LZW size
    } else return false;
    if (!subBlocks()) return false;
  }
  return false;
}

/** A RIFF whose size is the file's, holding VP8/VP8L/VP8X first and whole chunks only. */
function isWebp(file: Buffer) {
  if (file.length < 20 || file.toString('latin1', 8, 12) !== 'WEBP') return false;
  if (file.readUInt32LE(4) + 8 !== file.length) return false;
  if (!['VP8 ', 'VP8L', 'VP8X'].includes(file.toString('latin1', 12, 16))) return false;
  let at = 12;
  while (at + 8 <= file.length) {
    if (!CHUNK_TYPE.test(file.toString('latin1', at, at + 4))) return false;
    const size = file.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  // The last chunk's padding byte is sometimes left out.
  return at === file.length || at === file.length + 1;
}
