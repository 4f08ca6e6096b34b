import { describe, expect, it } from 'vitest';
import {
  countSms,
  findPlaceholders,
  placeholderProblem,
  renderSample,
  renderTemplate,
  SMS_MAX_SEGMENTS,
  smsMaxUnits,
  smsProblem,
  TEMPLATE_PLACEHOLDERS,
  usedPlaceholders,
} from './placeholders.js';
import { normalizeShortcut, templateBody } from './templates.schemas.js';

describe('placeholders', () => {
  it('finds every {{…}} with spaces allowed inside the braces', () => {
    expect(findPlaceholders('Chào {{customer.name}}, em là {{ agent.name }}.')).toEqual([
      { key: 'customer.name', raw: '{{customer.name}}', index: 5 },
      { key: 'agent.name', raw: '{{ agent.name }}', index: 30 },
    ]);
    expect(usedPlaceholders('{{agent.name}} {{customer.name}} {{agent.name}} {{x}}')).toEqual([
      'agent.name',
      'customer.name',
    ]);
  });

  it('accepts the known keys and names the unknown ones', () => {
    for (const { key } of TEMPLATE_PLACEHOLDERS)
      expect(placeholderProblem(`{{${key}}}`)).toBe(null);
    expect(placeholderProblem('Không có biến nào')).toBe(null);
    expect(placeholderProblem('Chào {{customer.fullname}} và {{Tên}}, {{customer.fullname}}')).toBe(
      'Biến không được hỗ trợ: {{customer.fullname}}, {{Tên}}',
    );
    expect(placeholderProblem('{{ }}')).toBe('Biến không được hỗ trợ: {{ }}');
  });

  it('refuses braces left open or closed without opening', () => {
    const message = 'Biến phải có dạng {{tên.biến}}, kiểm tra lại dấu ngoặc {{ }}';
    expect(placeholderProblem('Chào {{customer.name')).toBe(message);
    expect(placeholderProblem('Chào customer.name}}')).toBe(message);
    expect(placeholderProblem('Chào {{customer.name}} {')).toBe(null);
  });

  it('renders values, keeps or blanks missing ones, and leaves unknown keys alone', () => {
    const text = 'Chào {{ customer.name }}, em là {{agent.name}} ({{foo}})';
    expect(renderTemplate(text, { customer: undefined, 'customer.name': 'Lan' } as never)).toBe(
      'Chào Lan, em là {{agent.name}} ({{foo}})',
    );
    expect(renderTemplate(text, { 'customer.name': 'Lan' }, 'blank')).toBe(
      'Chào Lan, em là  ({{foo}})',
    );
    expect(renderTemplate(text, { 'customer.name': '', 'agent.name': null }, 'blank')).toBe(
      'Chào , em là  ({{foo}})',
    );
    expect(renderSample('Chào {{customer.name}}')).toBe('Chào Nguyễn Văn An');
  });
});

describe('SMS length', () => {
  it('counts GSM 7-bit text: 160 in one message, 153 per part', () => {
    expect(countSms('')).toMatchObject({ encoding: 'gsm7', units: 0, segments: 0 });
    expect(countSms('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', segments: 1 });
    expect(countSms('a'.repeat(161))).toMatchObject({
      segments: 2,
      perSegment: 153,
      remaining: 145,
    });
    // Extension characters take two units.
    expect(countSms('{}€')).toMatchObject({ encoding: 'gsm7', units: 6 });
  });

  it('counts Vietnamese with diacritics as UCS-2: 70 in one message, 67 per part', () => {
    expect(countSms('Cảm ơn')).toMatchObject({ encoding: 'ucs2', units: 6, segments: 1 });
    // à is in the GSM alphabet, ả is not.
    expect(countSms('Xin chào').encoding).toBe('gsm7');
    expect(countSms('đ'.repeat(70)).segments).toBe(1);
    expect(countSms('đ'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
  });

  it(`allows at most ${SMS_MAX_SEGMENTS} parts, estimated with the sample values`, () => {
    expect(smsMaxUnits('gsm7')).toBe(612);
    expect(smsMaxUnits('ucs2')).toBe(268);
    expect(smsProblem('a'.repeat(612))).toBe(null);
    expect(smsProblem('a'.repeat(613))).toBe(
      'Nội dung SMS quá dài: 5 tin (tối đa 4 tin, 612 ký tự không dấu)',
    );
    expect(smsProblem('ă'.repeat(269))).toBe(
      'Nội dung SMS quá dài: 5 tin (tối đa 4 tin, 268 ký tự có dấu)',
    );
    // The placeholder counts as its sample ('Nguyễn Văn An'), which also makes it UCS-2.
    expect(countSms(renderSample('Chao {{customer.name}}'))).toMatchObject({
      encoding: 'ucs2',
      units: 18,
    });
  });
});

describe('template body', () => {
  const base = { kind: 'chat', name: 'Chào hỏi', content: 'Chào {{customer.name}}' };
  const issues = (body: Record<string, unknown>) => {
    const parsed = templateBody.safeParse(body);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          param: issue.path.join('.'),
          message: issue.message,
        }));
  };

  it('normalizes a chat shortcut and drops fields of other kinds', () => {
    const parsed = templateBody.parse({
      ...base,
      shortcut: ' Chao ',
      subject: 'x',
      zns_template_id: '1',
      department_ids: ['7b0c52c1-5b7c-4d0c-9a0e-8c1c6b1f2a3d'],
    });
    expect(parsed).toMatchObject({
      shortcut: '/chao',
      subject: null,
      zns_template_id: null,
      visibility: 'everyone',
      department_ids: [],
      active: true,
      catalog_id: null,
    });
    expect(normalizeShortcut('/Xin-Chao')).toBe('/xin-chao');
  });

  it('answers each rule in Vietnamese on its field', () => {
    expect(issues({ ...base, content: 'Chào {{khach}}' })).toEqual([
      { param: 'content', message: 'Biến không được hỗ trợ: {{khach}}' },
    ]);
    expect(issues({ ...base, content: '   ' })).toEqual([
      { param: 'content', message: 'Nội dung không được bỏ trống' },
    ]);
    expect(issues({ ...base, kind: 'email' })).toEqual([
      { param: 'subject', message: 'Tiêu đề email không được bỏ trống' },
    ]);
    expect(issues({ ...base, kind: 'email', subject: 'Gửi {{customer.nam}}' })).toEqual([
      { param: 'subject', message: 'Biến không được hỗ trợ: {{customer.nam}}' },
    ]);
    expect(issues({ ...base, kind: 'zns' })).toEqual([
      { param: 'zns_template_id', message: 'Mã mẫu ZNS không được bỏ trống' },
    ]);
    expect(issues({ ...base, kind: 'zns', zns_template_id: 'abc' })[0]?.param).toBe(
      'zns_template_id',
    );
    expect(issues({ ...base, kind: 'sms', shortcut: '/chao' })).toEqual([
      { param: 'shortcut', message: 'Phím tắt chỉ dùng cho mẫu chat' },
    ]);
    expect(issues({ ...base, shortcut: '/chào' })[0]?.param).toBe('shortcut');
    expect(issues({ ...base, visibility: 'departments' })).toEqual([
      { param: 'department_ids', message: 'Vui lòng chọn ít nhất một phòng ban' },
    ]);
    expect(issues({ ...base, kind: 'whatsapp', content: 'a'.repeat(1025) })).toEqual([
      { param: 'content', message: 'Nội dung không được vượt quá 1024 ký tự' },
    ]);
    expect(issues({ ...base, kind: 'fax' })[0]).toEqual({
      param: 'kind',
      message: 'Loại mẫu không hợp lệ',
    });
  });
});
