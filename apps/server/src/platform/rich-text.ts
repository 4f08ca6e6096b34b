import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as the server stores it: the formatting an editor produces (paragraphs, emphasis,
 * lists, quotes, code, tables, links, images of our own files) and nothing that runs: no
 * scripts, styles, event handlers or `javascript:` links. Links open in a new tab without
 * handing the opener over.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...['p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup'],
      ...['h1', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'a', 'img'],
      ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
    ],
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      span: ['data-mention'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // Images only from the server's own files: no tracking pixels or other sites.
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src?.startsWith('/files/'),
  }).trim();
}
