/**
 * Placeholders of message templates, written `{{customer.name}}` (spaces inside the braces are
 * allowed). The list is closed: a template may only use these keys, so every one can be filled
 * when the message is sent. Each key has the Vietnamese label of its insertion button and the
 * sample value of the live preview (also what the SMS length is estimated with).
 */
export const TEMPLATE_PLACEHOLDERS = [
  { key: 'customer.name', label: 'Tên khách hàng', sample: 'Nguyễn Văn An' },
  { key: 'customer.phone', label: 'SĐT khách hàng', sample: '0912345678' },
  { key: 'customer.email', label: 'Email khách hàng', sample: 'an.nguyen@example.com' },
  { key: 'agent.name', label: 'Tên chuyên viên', sample: 'Trần Thị Bình' },
  { key: 'agent.email', label: 'Email chuyên viên', sample: 'binh.tran@omnicare.vn' },
  { key: 'ticket.code', label: 'Mã ticket', sample: '10234' },
  { key: 'ticket.subject', label: 'Tiêu đề ticket', sample: 'Đổi trả sản phẩm' },
  { key: 'tenant.name', label: 'Tên doanh nghiệp', sample: 'Công ty OmniCare' },
  { key: 'date.today', label: 'Ngày hôm nay', sample: '15/01/2025' },
] as const;

export type PlaceholderKey = (typeof TEMPLATE_PLACEHOLDERS)[number]['key'];
export type PlaceholderValues = Partial<Record<PlaceholderKey, string | null | undefined>>;

const KNOWN = new Set<string>(TEMPLATE_PLACEHOLDERS.map((placeholder) => placeholder.key));
export const isPlaceholderKey = (key: string): key is PlaceholderKey => KNOWN.has(key);

/** The text to insert for a key: `{{customer.name}}`. */
export const placeholderToken = (key: PlaceholderKey): string => `{{${key}}}`;

export const SAMPLE_VALUES: Readonly<Record<PlaceholderKey, string>> = Object.fromEntries(
  TEMPLATE_PLACEHOLDERS.map((placeholder) => [placeholder.key, placeholder.sample]),
) as Record<PlaceholderKey, string>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export interface FoundPlaceholder {
  /** The key as written between the braces, trimmed. */
  key: string;
  /** The whole token as written, braces included. */
  raw: string;
  index: number;
}

/** Every `{{…}}` of a text, known or not, in order. */
export function findPlaceholders(text: string): FoundPlaceholder[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({
    key: match[1] ?? '',
    raw: match[0],
    index: match.index,
  }));
}

/** The distinct known keys a text uses, in order of first use. */
export function usedPlaceholders(text: string): PlaceholderKey[] {
  const keys = findPlaceholders(text)
    .map((found) => found.key)
    .filter(isPlaceholderKey);
  return [...new Set(keys)];
}

/** A placeholder as a ZNS template's parameter: its dots as underscores (`customer_name`). */
export const znsParamName = (key: PlaceholderKey): string => key.replace(/\./g, '_');

export const PLACEHOLDER_MESSAGES = {
  unknown: (tokens: string[]) => `Biến không được hỗ trợ: ${tokens.join(', ')}`,
  unbalanced: 'Biến phải có dạng {{tên.biến}}, kiểm tra lại dấu ngoặc {{ }}',
} as const;

/**
 * What is wrong with a text's placeholders, in Vietnamese, or null: keys outside the list, or
 * braces left open (`{{customer.name`) or closed without opening.
 */
export function placeholderProblem(text: string): string | null {
  const unknown = [
    ...new Set(
      findPlaceholders(text)
        .filter((found) => !isPlaceholderKey(found.key))
        .map((found) => found.raw),
    ),
  ];
  if (unknown.length > 0) return PLACEHOLDER_MESSAGES.unknown(unknown);
  const rest = text.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}')) return PLACEHOLDER_MESSAGES.unbalanced;
  return null;
}

/**
 * Fills the placeholders of a text. A key without a value stays as written (`keep`, what the
 * editor shows) or becomes empty (`blank`, what a sent message needs). Unknown keys are left
 * alone.
 */
export function renderTemplate(
  text: string,
  values: PlaceholderValues,
  missing: 'keep' | 'blank' = 'keep',
): string {
  return text.replace(PLACEHOLDER, (raw: string, key: string) => {
    if (!isPlaceholderKey(key)) return raw;
    const value = values[key];
    if (value !== undefined && value !== null) return value;
    return missing === 'blank' ? '' : raw;
  });
}

/** The live preview: the text filled with the sample values. */
export const renderSample = (text: string): string => renderTemplate(text, SAMPLE_VALUES);

/* ----------------------------------------------------------------------------------- SMS */

/**
 * SMS length rules (3GPP TS 23.038): text that fits the GSM 7-bit alphabet takes 160
 * characters in one message and 153 per part when split; anything else (Vietnamese with
 * diacritics) is sent as UCS-2: 70 in one message, 67 per part. The characters of the GSM
 * extension table count twice. A template may take at most SMS_MAX_SEGMENTS parts (612 GSM or
 * 268 UCS-2 characters), estimated on the text filled with the sample values.
 */
export const SMS_LIMITS = {
  gsm7: { single: 160, multi: 153 },
  ucs2: { single: 70, multi: 67 },
} as const;
export const SMS_MAX_SEGMENTS = 4;

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡' +
  'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const GSM_BASIC_SET = new Set(GSM_BASIC);
const GSM_EXTENSION_SET = new Set(GSM_EXTENSION);

export type SmsEncoding = keyof typeof SMS_LIMITS;

export interface SmsCount {
  encoding: SmsEncoding;
  /** Length in the encoding's units (GSM extension characters count 2, UCS-2 counts UTF-16). */
  units: number;
  segments: number;
  /** Units per part at this length: the single-message size, or the multipart size. */
  perSegment: number;
  /** Units still free in the last part. */
  remaining: number;
}

/** The encoding, length and number of parts an SMS text takes. */
export function countSms(text: string): SmsCount {
  let gsmUnits = 0;
  let gsm = true;
  for (const character of text) {
    if (GSM_BASIC_SET.has(character)) gsmUnits += 1;
    else if (GSM_EXTENSION_SET.has(character)) gsmUnits += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding: SmsEncoding = gsm ? 'gsm7' : 'ucs2';
  const units = gsm ? gsmUnits : text.length;
  const limits = SMS_LIMITS[encoding];
  const segments = units === 0 ? 0 : units <= limits.single ? 1 : Math.ceil(units / limits.multi);
  const perSegment = segments > 1 ? limits.multi : limits.single;
  const remaining = segments === 0 ? limits.single : segments * perSegment - units;
  return { encoding, units, segments, perSegment, remaining };
}

/** The most characters an SMS template may take in an encoding. */
export const smsMaxUnits = (encoding: SmsEncoding): number =>
  SMS_LIMITS[encoding].multi * SMS_MAX_SEGMENTS;

export const SMS_MESSAGES = {
  tooLong: (count: SmsCount) =>
    `Nội dung SMS quá dài: ${count.segments} tin (tối đa ${SMS_MAX_SEGMENTS} tin, ${smsMaxUnits(count.encoding)} ký tự ${count.encoding === 'gsm7' ? 'không dấu' : 'có dấu'})`,
} as const;

/** The SMS length problem of a template, estimated with the sample values, or null. */
export function smsProblem(content: string): string | null {
  const count = countSms(renderSample(content));
  return count.segments > SMS_MAX_SEGMENTS ? SMS_MESSAGES.tooLong(count) : null;
}
