import path from 'node:path';
import type { TicketAttachmentType } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { imageExtensionOf } from '../../platform/files.js';

const MIME: Record<TicketAttachmentType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const IMAGES = new Set<TicketAttachmentType>(['png', 'jpg', 'gif', 'webp']);
const OLE2 = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const ZIP = Buffer.from('504b0304', 'hex');

/**
 * The type of an attached file by its content: images by their whole structure (platform/files),
 * PDF by its header and end marker, Office files by their container (OOXML zip parts, OLE2 with
 * the name's extension choosing Word or Excel), text as UTF-8 without NUL named .txt or .csv.
 * Undefined when it is none of the allowed types.
 */
export function attachmentTypeOf(
  content: Buffer,
  fileName: string,
): { type: TicketAttachmentType; contentType: string; inline: boolean } | undefined {
  const type = detect(content, path.extname(fileName).toLowerCase().slice(1));
  return type && { type, contentType: MIME[type], inline: IMAGES.has(type) };
}

function detect(content: Buffer, extension: string): TicketAttachmentType | undefined {
  if (content.length === 0) return undefined;
  const image = imageExtensionOf(content);
  if (image) return image.slice(1) as TicketAttachmentType;
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') {
    return content.subarray(-1024).toString('latin1').includes('%%EOF') ? 'pdf' : undefined;
  }
  if (content.subarray(0, 4).equals(ZIP)) {
    const text = content.toString('latin1');
    if (!text.includes('[Content_Types].xml')) return undefined;
    if (text.includes('word/')) return 'docx';
    if (text.includes('xl/')) return 'xlsx';
    if (text.includes('ppt/')) return 'pptx';
    return undefined;
  }
  if (content.subarray(0, 8).equals(OLE2)) {
    return extension === 'doc' || extension === 'xls' ? extension : undefined;
  }
  if ((extension === 'txt' || extension === 'csv') && !content.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(content);
      return extension;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A file name safe to store and to send back: no folders, no control characters, 200 at most. */
export function cleanFileName(name: string, type: TicketAttachmentType) {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f"]/g, '');
  const trimmed = base.trim().slice(0, 200);
  return trimmed || `tep-dinh-kem.${type}`;
}
