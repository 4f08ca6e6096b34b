import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../test/helpers.js';
import { imageExtensionOf } from './files.js';

// One-pixel images as browsers and tools write them.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a2b6d50000000049454e44ae426082',
  'hex',
);
const GIF = Buffer.from(
  '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
  'hex',
);
const JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb00430006040506050406060506070706080a100a0a09090a140e0f0c1017141818171416161a1d251f1a1b231c1616202c20232627292a29191f2d302d283025282928ffdb0043010707070a080a130a0a13281a161a2828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828ffc00011080002000203012200021101031101ffc4001500010100000000000000000000000000000007ffc40014100100000000000000000000000000000000ffc4001501010100000000000000000000000000000607ffc40014110100000000000000000000000000000000ffda000c03010002110311003f00930030babfffd9',
  'hex',
);
const WEBP = Buffer.from(
  '524946463c000000574542505650382030000000d001009d012a0200020001402625a00274ba01f80003b000fef7592ffe41695cb7803ffe32a7c654f8ca9ff173000000',
  'hex',
);
const PAGE = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');

describe('imageExtensionOf', () => {
  it('names whole images by their content', () => {
    expect(imageExtensionOf(PNG)).toBe('.png');
    expect(imageExtensionOf(GIF)).toBe('.gif');
    expect(imageExtensionOf(JPEG)).toBe('.jpg');
    expect(imageExtensionOf(WEBP)).toBe('.webp');
  });

  it('refuses an image header followed by a page, and a truncated image', () => {
    expect(imageExtensionOf(Buffer.concat([Buffer.from('GIF89a'), PAGE]))).toBeUndefined();
    for (const image of [PNG, GIF, JPEG, WEBP]) {
      expect(imageExtensionOf(Buffer.concat([image.subarray(0, 24), PAGE]))).toBeUndefined();
      expect(imageExtensionOf(image.subarray(0, image.length - 3))).toBeUndefined();
      expect(imageExtensionOf(Buffer.concat([image, PAGE]))).toBeUndefined();
    }
  });

  it('refuses markup hidden inside a well-formed image', () => {
    // A GIF comment extension carrying a script.
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, PAGE.length]), PAGE, Buffer.from([0])]);
    const gif = Buffer.concat([GIF.subarray(0, 19), comment, GIF.subarray(19)]);
    expect(imageExtensionOf(Buffer.concat([GIF.subarray(0, 19), GIF.subarray(19)]))).toBe('.gif');
    expect(imageExtensionOf(gif)).toBeUndefined();
  });
});

describe('public files and addresses', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await seedTenant(t, 'Tệp');
    admin = await t.login(tenant.email('admin'));
  });
  afterAll(() => t.close());

  const newCustomer = async (extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/customers',
      headers: bearer(admin),
      payload: { name: 'Khách Có Ảnh', ...extra },
    });
  const upload = (id: string, content: Buffer, filename: string) => {
    const boundary = '----omnicare';
    return t.app.inject({
      method: 'POST',
      url: `/v2/customers/${id}/avatar`,
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/gif\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  it('refuses a GIF header followed by a page as an avatar, and serves files unsniffed', async () => {
    const id = (await newCustomer()).json().data._id as string;
    const polyglot = await upload(id, Buffer.concat([Buffer.from('GIF89a'), PAGE]), 'a.gif');
    expect(polyglot.statusCode).toBe(422);
    expect(polyglot.json().errors).toEqual([
      { param: 'file', message: 'Ảnh đại diện phải là PNG, JPEG, WEBP hoặc GIF' },
    ]);
    const stored = await upload(id, GIF, 'a.gif');
    expect(stored.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: stored.json().data.avatar_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends nosniff on API answers, errors included', async () => {
    for (const url of ['/v2/health', '/v2/my-account', '/v2/no-such-route']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('keeps only addresses of files the server stored in avatar_url', async () => {
    for (const avatar_url of [
      'javascript:alert(document.cookie)',
      'https://attacker.example/a.png',
      '//attacker.example/a.png',
      '/files/../../v2/logout',
    ]) {
      const response = await newCustomer({ avatar_url });
      expect(response.statusCode, avatar_url).toBe(422);
      expect(response.json().errors).toEqual([
        { param: 'avatar_url', message: 'Ảnh đại diện không hợp lệ' },
      ]);
    }
    const own = await newCustomer({ avatar_url: '/files/avatars/t1/a1.png' });
    expect(own.statusCode).toBe(201);
    expect(own.json().data.avatar_url).toBe('/files/avatars/t1/a1.png');
  });
});
