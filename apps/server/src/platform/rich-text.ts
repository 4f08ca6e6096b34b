import sanitizeHtml from 'sanitize-html';

/** What a file served by the server for a ticket looks like in an `<img src>` (relative only). */
const OWN_ATTACHMENT = /^\/v2\/tickets\/[0-9a-f-]{36}\/attachments\/[0-9a-f-]{36}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['data-mention'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Script and style contents go with their tags, never left behind as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'title'],
  transformTags: {
    // Links out of the app open in a new tab without the opener; the app's own stay in place.
    a: (tagName, attribs) => {
      const inApp = /^\/(?!\/)/.test(attribs.href ?? '');
      const kept: sanitizeHtml.Attributes = inApp
        ? { href: attribs.href ?? '' }
        : { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' };
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_ATTACHMENT.test(frame.attribs.src ?? ''),
};

/**
 * Rich text as the server stores it: basic formatting, links (the app's own paths, and http,
 * https, mailto, tel opened in a new tab without the opener), lists, tables, images only from the server's own ticket
 * attachment addresses, and mention spans; scripts, styles, event handlers and `javascript:`
 * addresses are removed.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The user ids of the `<span data-mention="id">` marks of sanitised HTML, once each. */
export function mentionedIds(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(/<span data-mention="([^"]*)"/g)) {
    const id = match[1] ?? '';
    if (UUID.test(id)) ids.add(id.toLowerCase());
  }
  return [...ids];
}

/** HTML's text with every tag removed and the entities sanitize-html writes decoded. */
const textOf = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The text of sanitised HTML, tags removed and spaces folded (a subject made from a body). */
export function plainText(html: string): string {
  return textOf(html.replace(/<(br|\/p|\/div|\/li)[^>]*>/gi, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text of HTML with its lines kept (a mail's text part): a break, a paragraph, a block or an
 * item ends a line; spaces are folded within lines; the signature line '-- ' keeps its space.
 */
export function plainLines(html: string): string {
  return textOf(html.replace(/<br[^>]*>|<\/(p|div|li|h[1-6]|blockquote|tr)>/gi, '\n'))
    .split('\n')
    .map((line) => {
      const folded = line.replace(/[^\S\n]+/g, ' ').trimStart();
      return folded === '-- ' ? folded : folded.trimEnd();
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
