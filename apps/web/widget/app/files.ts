import { LIVECHAT_LIMITS_VISITOR, LIVECHAT_MESSAGES } from './contract';

/**
 * The files a visitor may send, as `LIVECHAT_MESSAGES.fileType` lists them (the contract has the
 * message, not the list): checked here by name and type, re-checked by content on the server.
 */
const ALLOWED: Record<string, readonly string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  txt: ['text/plain'],
  csv: ['text/csv', 'application/vnd.ms-excel', 'text/plain'],
};

/** For the file picker's `accept`. */
export const ACCEPT = Object.keys(ALLOWED)
  .map((extension) => `.${extension}`)
  .join(',');

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Why this file cannot be sent, or undefined. A pasted image has a type and a made-up name. */
export function fileError(file: { name: string; type: string; size: number }): string | undefined {
  const types = ALLOWED[extensionOf(file.name)];
  const typeKnown = Object.keys(ALLOWED).some((key) => ALLOWED[key]?.includes(file.type));
  if (types ? file.type && !types.includes(file.type) : !typeKnown) {
    return LIVECHAT_MESSAGES.fileType;
  }
  if (file.size > LIVECHAT_LIMITS_VISITOR.fileBytes) return LIVECHAT_MESSAGES.fileSize;
  if (file.size === 0) return LIVECHAT_MESSAGES.fileType;
  return undefined;
}

export const isImageType = (type: string) => /^image\/(png|jpeg|gif|webp)$/.test(type);

/** '512 B', '12 KB', '3,4 MB' (Vietnamese decimal comma). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}
