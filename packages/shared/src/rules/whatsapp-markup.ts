/**
 * WhatsApp text formatting (https://faq.whatsapp.com/539178204879377): *bold*, _italic_, ~strikethrough~ and
 * ```monospace```, read into a tree a client can render without HTML injection, plus detected links.
 */

export type MarkupStyle = 'bold' | 'italic' | 'strike';

export type MarkupNode =
  | { type: 'text'; text: string }
  | { type: MarkupStyle; children: MarkupNode[] }
  | { type: 'mono'; text: string }
  | { type: 'link'; text: string; href: string };

const STYLE_OF: Readonly<Record<string, MarkupStyle>> = { '*': 'bold', _: 'italic', '~': 'strike' };
const MONO = '```';

const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;

// A link starts at http(s):// or www. that does not continue a word, a path or an e-mail address.
const URL_START = /(?<![\p{L}\p{N}@./])(?:https?:\/\/|www\.)[^\s<>]+/giu;
// Sentence punctuation and formatting markers written right after a link are not part of it.
const URL_TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '*', '_', '~', '`', ']', '}', '>']);

interface LinkSpan {
  start: number;
  end: number;
  href: string;
}

const isWordChar = (c: string | undefined): boolean => c !== undefined && WORD_CHAR.test(c);
// Stryker disable next-line ConditionalExpression: RegExp.test(undefined) reads "undefined", which has no space
const isSpace = (c: string | undefined): boolean => c !== undefined && SPACE.test(c);

function count(text: string, c: string): number {
  let n = 0;
  for (const ch of text) if (ch === c) n++;
  return n;
}

function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const last = url.at(-1);
    // Stryker disable next-line ConditionalExpression: an empty url falls through both checks below and is returned alike
    if (last === undefined) return url;
    if (URL_TRAILING.has(last)) url = url.slice(0, -1);
    // "(ver https://x.com/a)": the parenthesis closes the sentence unless the URL opened one itself.
    else if (last === ')' && count(url, ')') > count(url, '(')) url = url.slice(0, -1);
    else return url;
  }
}

function findLinks(text: string): LinkSpan[] {
  const links: LinkSpan[] = [];
  for (const match of text.matchAll(URL_START)) {
    const url = trimUrl(match[0]);
    // A bare scheme or "www." with nothing after it is not a link.
    if (!/^(?:https?:\/\/|www\.)[\p{L}\p{N}]/iu.test(url)) continue;
    const start = match.index;
    const href = /^www\./i.test(url) ? `https://${url}` : url;
    links.push({ start, end: start + url.length, href });
  }
  return links;
}

class MarkupParser {
  private readonly linkAt = new Map<number, LinkSpan>();
  private readonly inLink: boolean[];

  constructor(private readonly text: string) {
    // Stryker disable next-line ArrayDeclaration: an unset entry reads as false alike
    this.inLink = new Array<boolean>(text.length).fill(false);
    for (const link of findLinks(text)) {
      this.linkAt.set(link.start, link);
      this.inLink.fill(true, link.start, link.end);
    }
  }

  parse(): MarkupNode[] {
    return this.parseRange(0, this.text.length, new Set());
  }

  private parseRange(start: number, end: number, open: ReadonlySet<MarkupStyle>): MarkupNode[] {
    const { text } = this;
    const nodes: MarkupNode[] = [];
    let plain = '';
    const flush = () => {
      if (plain) nodes.push({ type: 'text', text: plain });
      plain = '';
    };
    let i = start;
    while (i < end) {
      const link = this.linkAt.get(i);
      // Stryker disable next-line ConditionalExpression: a link that starts in a range ends in it (no marker closes inside a link)
      if (link && link.end <= end) {
        flush();
        nodes.push({ type: 'link', text: text.slice(link.start, link.end), href: link.href });
        i = link.end;
        continue;
      }
      if (text.startsWith(MONO, i) && this.canOpen(i, MONO)) {
        const close = this.findMonoClose(i + MONO.length, end);
        // Stryker disable next-line EqualityOperator: a closer is found after the opener, never at 0
        if (close >= 0) {
          flush();
          // Monospace shows its content verbatim: no nested styles, no links.
          nodes.push({ type: 'mono', text: text.slice(i + MONO.length, close) });
          i = close + MONO.length;
          continue;
        }
      }
      // Stryker disable next-line StringLiteral: i < end <= text.length; the fallback only satisfies the type
      const c = text[i] ?? '';
      const style = STYLE_OF[c];
      // A style cannot nest inside itself: "*a *b* c*" is bold "a *b" followed by " c*".
      if (style && !open.has(style) && this.canOpen(i, c)) {
        const close = this.findClose(c, i + 1, end);
        // Stryker disable next-line EqualityOperator: a closer is found after the opener, never at 0
        if (close >= 0) {
          flush();
          // Stryker disable next-line ArrayDeclaration: the first closer after the opener ends the style, so the same style cannot close again inside it; the set states the rule
          nodes.push({ type: style, children: this.parseRange(i + 1, close, new Set([...open, style])) });
          i = close + 1;
          continue;
        }
      }
      plain += c;
      i++;
    }
    flush();
    return nodes;
  }

  // An opening marker follows the start, a space or punctuation, and is followed by a visible character that
  // is not the same marker ("2*3*4" and "snake_case_name" stay literal).
  private canOpen(i: number, marker: string): boolean {
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: parseRange reads a link whole from its start, so it never asks to open inside one
    if (this.inLink[i]) return false;
    if (isWordChar(this.text[i - 1])) return false;
    const next = this.text[i + marker.length];
    return next !== undefined && !isSpace(next) && next !== marker[0];
  }

  // A closing marker follows a visible character that is not the same marker, and precedes the end, a space
  // or punctuation.
  private canClose(i: number, marker: string): boolean {
    if (this.inLink[i]) return false;
    const prev = this.text[i - 1];
    if (prev === undefined || isSpace(prev) || prev === marker[0]) return false;
    return !isWordChar(this.text[i + marker.length]);
  }

  // Bold, italic and strikethrough end on the line they start on, so a lone "*" on one line never pairs with
  // one on a later line.
  private findClose(marker: string, from: number, end: number): number {
    // Stryker disable next-line EqualityOperator: text[end] is the enclosing style's closer, never this marker
    for (let j = from + 1; j < end; j++) {
      const c = this.text[j];
      if (c === '\n') return -1;
      if (c === marker && this.canClose(j, marker)) return j;
    }
    return -1;
  }

  // Monospace may span lines (pasted code).
  private findMonoClose(from: number, end: number): number {
    // Stryker disable next-line EqualityOperator: indices found lie after the opener, so above 0
    for (let j = this.text.indexOf(MONO, from + 1); j >= 0 && j + MONO.length <= end; ) {
      if (this.canClose(j, MONO)) return j;
      j = this.text.indexOf(MONO, j + 1);
    }
    return -1;
  }
}

/** The text as WhatsApp formats it; markers that do not pair stay literal text, newlines stay in the text. */
export function parseWhatsappMarkup(text: string): MarkupNode[] {
  return new MarkupParser(text).parse();
}

function plainText(nodes: readonly MarkupNode[]): string {
  let out = '';
  for (const node of nodes) {
    out += 'children' in node ? plainText(node.children) : node.text;
  }
  return out;
}

/** The text without formatting markers, as it reads once rendered (previews, notifications, search). */
export function stripWhatsappMarkup(text: string): string {
  return plainText(parseWhatsappMarkup(text));
}
