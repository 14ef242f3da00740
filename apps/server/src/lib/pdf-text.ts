// Text for pdfkit's standard fonts, shared by every PDF the server writes (the record summary,
// invoices and receipts, clinical documents).

// PDF standard fonts (Helvetica) encode WinAnsi: every French letter, œ, €, typographic quotes.
// Anything else (another script, an emoji) is reduced to its base letter or '?', never mojibake.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\t') out += ' ';
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base && base.codePointAt(0)! < 0x100 && base !== ch ? base : '?';
    }
  }
  return out;
}
