/**
 * A single-pass XML tokenizer for the parts of an xlsx: each character of the text is looked at a bounded number of
 * times, whatever the input, so a hostile sheet (an unclosed tag repeated 350,000 times, an item that never ends, a
 * huge attribute) costs time linear in its size. Regular expressions with lazy `[\s\S]*?` bodies cannot promise
 * that: on an unclosed tag each match attempt rescans to the end of the text.
 *
 * It knows only what SpreadsheetML needs: start and end tags with a namespace prefix dropped (`<x:c>` is `c`),
 * attributes, text, CDATA; comments, processing instructions and the doctype are skipped. It does not check that
 * tags nest; the readers track the few elements they care about.
 */

/** A part of the file that is not well-formed, in words ("ends inside a tag"). */
export class XmlError extends Error {
  override name = 'XmlError';
}

export type TokenKind = 'start' | 'end' | 'text' | 'eof';

export class XmlScanner {
  /** The current token. */
  kind: TokenKind = 'eof';
  private nameStart = 0;
  private nameEnd = 0;
  /** start: `<name … />`. */
  selfClosing = false;
  /** text: raw text (entities not decoded), from the text itself or a CDATA section. */
  text = '';
  /** text: true for CDATA, whose text is literal. */
  literal = false;
  private attributesStart = 0;
  private attributesEnd = 0;
  private position = 0;

  constructor(private readonly xml: string) {}

  next(): TokenKind {
    // Comments and declarations are skipped in this loop, not by recursion: a part may hold a million of them.
    for (;;) {
      const kind = this.read();
      if (kind !== undefined) return kind;
    }
  }

  /** The next token, or undefined after skipping a comment or declaration. */
  private read(): TokenKind | undefined {
    const { xml } = this;
    const start = this.position;
    if (start >= xml.length) return this.emit('eof');
    const open = xml.indexOf('<', start);
    if (open !== start) {
      const end = open === -1 ? xml.length : open;
      this.text = xml.slice(start, end);
      this.literal = false;
      this.position = end;
      return this.emit('text');
    }
    const second = xml.charCodeAt(start + 1);
    if (second === 0x21 /* ! */ || second === 0x3f /* ? */) return this.special(start);
    const isEnd = second === 0x2f; /* / */
    let at = isEnd ? start + 2 : start + 1;
    const nameStart = at;
    let localStart = at;
    for (; at < xml.length; at++) {
      const code = xml.charCodeAt(at);
      if (code === 0x3e || code === 0x2f || code <= 0x20) break; // > / whitespace
      if (code === 0x3a) localStart = at + 1; // :
    }
    if (at === nameStart) throw new XmlError('has a "<" that starts no tag');
    this.nameStart = localStart;
    this.nameEnd = at;
    this.attributesStart = at;
    at = this.tagEnd(at);
    this.selfClosing = !isEnd && xml.charCodeAt(at - 1) === 0x2f;
    this.attributesEnd = this.selfClosing ? at - 1 : at;
    this.position = at + 1;
    return this.emit(isEnd ? 'end' : 'start');
  }

  /**
   * Where the tag that started before `from` ends: the first ">" outside a quoted attribute value. Each character
   * of the tag is looked at once (a quoted value is skipped with one search for its closing quote), and a "<"
   * inside the tag, as in '<c <c <c', is refused at once rather than searched past.
   */
  private tagEnd(from: number): number {
    const { xml } = this;
    for (let at = from; at < xml.length; at++) {
      const code = xml.charCodeAt(at);
      if (code === 0x3e) return at; // >
      if (code === 0x22 || code === 0x27) {
        const close = xml.indexOf(code === 0x22 ? '"' : "'", at + 1);
        if (close === -1) break;
        at = close;
      } else if (code === 0x3c) {
        throw new XmlError(`has a "<" inside the tag <${this.name}>`);
      }
    }
    throw new XmlError(`ends inside the tag <${this.name}>`);
  }

  /** start/end: the element's local name (prefix dropped). */
  get name(): string {
    return this.xml.slice(this.nameStart, this.nameEnd);
  }

  /** start/end: whether the element's local name is `localName`, without building a string (runs per tag). */
  is(localName: string): boolean {
    return (
      this.nameEnd - this.nameStart === localName.length && this.xml.startsWith(localName, this.nameStart)
    );
  }

  private emit(kind: TokenKind): TokenKind {
    this.kind = kind;
    return kind;
  }

  private special(start: number): TokenKind | undefined {
    const { xml } = this;
    if (xml.startsWith('<![CDATA[', start)) {
      const end = xml.indexOf(']]>', start + 9);
      if (end === -1) throw new XmlError('ends inside a CDATA section');
      this.text = xml.slice(start + 9, end);
      this.literal = true;
      this.position = end + 3;
      return this.emit('text');
    }
    const terminator = xml.startsWith('<!--', start)
      ? '-->'
      : xml.charCodeAt(start + 1) === 0x3f
        ? '?>'
        : '>';
    const end = xml.indexOf(terminator, start + 2);
    if (end === -1) throw new XmlError('ends inside a comment or declaration');
    this.position = end + terminator.length;
    return undefined;
  }

  /**
   * The raw value (entities not decoded) of the current start tag's attribute, matched on its local name
   * (`r:id` is found as `id`); undefined when absent. Linear in the tag's length.
   */
  attribute(localName: string): string | undefined {
    const { xml } = this;
    const end = this.attributesEnd;
    let at = this.attributesStart;
    while (at < end) {
      while (at < end && xml.charCodeAt(at) <= 0x20) at++;
      const nameStart = at;
      let localStart = at;
      while (at < end) {
        const code = xml.charCodeAt(at);
        if (code === 0x3d || code <= 0x20) break; // = whitespace
        if (code === 0x3a) localStart = at + 1;
        at++;
      }
      const nameEnd = at;
      while (at < end && xml.charCodeAt(at) <= 0x20) at++;
      if (at >= end || xml.charCodeAt(at) !== 0x3d) return undefined; // not an attribute list we understand
      at++;
      while (at < end && xml.charCodeAt(at) <= 0x20) at++;
      const quote = xml[at];
      if (quote !== '"' && quote !== "'") return undefined;
      const close = xml.indexOf(quote, at + 1);
      if (close === -1 || close > end) return undefined;
      if (
        nameEnd > nameStart &&
        nameEnd - localStart === localName.length &&
        xml.startsWith(localName, localStart)
      ) {
        return xml.slice(at + 1, close);
      }
      at = close + 1;
    }
    return undefined;
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Code points XML 1.0 allows in a document (its production `Char`); a reference to any other is an error. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/**
 * Decodes the five named entities and numeric character references in one pass. A reference to a code point XML
 * does not allow (`&#0;`, `&#x110000;`, a surrogate) throws XmlError quoting it; an unknown name is kept as text.
 */
export function decodeXmlText(text: string): string {
  let at = text.indexOf('&');
  if (at === -1) return text;
  let decoded = '';
  let copied = 0;
  let semicolon = -1;
  while (at !== -1) {
    // Each search starts past the previous find, so a text full of "&" or ";" is still read in one pass.
    if (semicolon <= at) semicolon = text.indexOf(';', at + 1);
    if (semicolon === -1) break;
    const nextAmpersand = text.indexOf('&', at + 1);
    if (nextAmpersand !== -1 && nextAmpersand < semicolon) {
      at = nextAmpersand; // "&" followed by another "&" before any ";": not a reference
      continue;
    }
    const body = text.slice(at + 1, semicolon);
    let replacement: string | undefined;
    if (body.charCodeAt(0) === 0x23 /* # */) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const digits = body.slice(hex ? 2 : 1);
      const valid = digits !== '' && (hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits);
      const code = valid ? Number.parseInt(digits, hex ? 16 : 10) : Number.NaN;
      if (!isXmlChar(code)) {
        const shown = body.length > 20 ? `${body.slice(0, 20)}…` : body;
        throw new XmlError(`holds "&${shown};", which is not a character XML allows`);
      }
      replacement = String.fromCodePoint(code);
    } else {
      replacement = NAMED_ENTITIES[body];
    }
    if (replacement !== undefined) {
      decoded += text.slice(copied, at) + replacement;
      copied = semicolon + 1;
    }
    at = nextAmpersand;
  }
  return decoded + text.slice(copied);
}
