import { describe, expect, it } from 'vitest';
import { LIVECHAT_MESSAGES as M } from './contract';
import { fileError, formatSize } from './files';

const MB = 1024 * 1024;

describe('files a visitor sends', () => {
  it('takes the listed types up to the size limit', () => {
    expect(fileError({ name: 'anh.png', type: 'image/png', size: 2 * MB })).toBeUndefined();
    expect(
      fileError({ name: 'bao-gia.pdf', type: 'application/pdf', size: 10 * MB }),
    ).toBeUndefined();
    expect(fileError({ name: 'ds.csv', type: 'text/csv', size: 100 })).toBeUndefined();
  });

  it('refuses other types and what is too big, with the contract’s messages', () => {
    expect(fileError({ name: 'setup.exe', type: 'application/x-msdownload', size: 100 })).toBe(
      M.fileType,
    );
    expect(fileError({ name: 'anh.png', type: 'text/html', size: 100 })).toBe(M.fileType);
    expect(fileError({ name: 'video.mp4', type: 'video/mp4', size: 100 })).toBe(M.fileType);
    expect(fileError({ name: 'lon.pdf', type: 'application/pdf', size: 10 * MB + 1 })).toBe(
      M.fileSize,
    );
  });

  it('takes a pasted screenshot, which has a type and no useful name', () => {
    expect(fileError({ name: 'image', type: 'image/png', size: 5000 })).toBeUndefined();
  });

  it('writes sizes the Vietnamese way', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(248_320)).toBe('243 KB');
    expect(formatSize(3.4 * MB)).toBe('3,4 MB');
  });
});
