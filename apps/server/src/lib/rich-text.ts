import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_MAX_DEPTH, RICH_TEXT_TOO_DEEP } from '@wellbe/shared/domain/consultation';
import { badRequest } from './errors.ts';

// Rich text (DESIGN §4): the one allow-list every area stores rich text through (consultations
// now; notes, articles and messages next), and the one plain-text extraction (excerpts, the
// emptiness rule of packages/shared). What the TipTap toolbar produces survives (paragraphs,
// emphasis, lists, headings, links); scripts, event handlers, styles and javascript: URLs do not.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/**
 * Refuses (400, French) a text whose tags nest deeper than RICH_TEXT_MAX_DEPTH, before the
 * allow-list pass: sanitize-html's work grows with the square of the depth (500 kB of `<b><i>` held
 * the event loop a minute). htmlparser2's tokenizer is linear, and closes void and implied tags.
 */
function assertShallow(html: string): void {
  let depth = 0;
  const parser = new Parser({
    onopentagname: () => {
      // Thrown from the callback: the parser stops at the first tag too deep.
      if (++depth > RICH_TEXT_MAX_DEPTH) throw badRequest(RICH_TEXT_TOO_DEEP, 'rich_text_too_deep');
    },
    onclosetag: () => {
      depth--;
    },
  });
  parser.write(html);
  parser.end();
}

/** The stored form of a rich text: allow-listed HTML, trimmed ('' for nothing). */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  assertShallow(html);
  return sanitizeHtml(html, OPTIONS).trim();
}

const BLOCKS = new Set(['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'blockquote', 'pre', 'tr']);

/**
 * The text of a rich text: tags dropped, entities decoded, blocks become line breaks, blank lines
 * collapsed. Linear in the input: htmlparser2's tokenizer reads each character once, where a
 * regular expression such as /<[^>]*>/g rescans the rest of the text at every unclosed '<'.
 */
export function richTextToPlain(html: string | null | undefined): string {
  if (!html) return '';
  const parts: string[] = [];
  const parser = new Parser(
    {
      ontext: (text) => parts.push(text),
      onopentagname: (name) => {
        if (BLOCKS.has(name)) parts.push('\n');
      },
      onclosetag: (name) => {
        if (BLOCKS.has(name)) parts.push('\n');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts
    .join('')
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();
}

export const EXCERPT_LENGTH = 240;

/** Plain-text first lines of a rich text, cut at `length` with an ellipsis. */
export function excerpt(html: string | null | undefined, length = EXCERPT_LENGTH): string {
  const text = richTextToPlain(html);
  return text.length > length ? text.slice(0, length - 1).trimEnd() + '…' : text;
}

// Articles and policies (issue 20): the same allow-list plus images (their own uploaded covers, or
// https), with alt text; links keep rel="noopener noreferrer".
const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags as string[]), 'img'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(https:\/\/|\/api\/articles\/images\/[0-9a-f]{64}$)/.test(frame.attribs.src ?? ''),
};

export function sanitizeArticleHtml(html: string | null | undefined): string {
  if (!html) return '';
  assertShallow(html);
  return sanitizeHtml(html, ARTICLE_OPTIONS).trim();
}
