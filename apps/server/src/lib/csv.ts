import { Readable } from 'node:stream';

// The one CSV writer of every export (patients, journal, the areas to come): semicolons, CRLF and
// a BOM, what a French spreadsheet opens without an import dialog, and one formula-injection rule.

export type CsvValue = string | number | null | undefined;

/** A plain number (a phone number, a count, a negative value) is data, never a formula. */
const PLAIN_NUMBER = /^[+-]?\d[\d\s.,]*$/;
/** What a spreadsheet reads as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises a cell a spreadsheet would run as a formula, by a leading apostrophe. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export interface CsvOptions {
  /** Quote every cell (default: only the cells that need it). */
  quoteAll?: boolean;
}

export function csvCell(value: CsvValue, options: CsvOptions = {}): string {
  const text = neutraliseFormula(value == null ? '' : String(value));
  return options.quoteAll || /[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[], options: CsvOptions = {}): string {
  return values.map((v) => csvCell(v, options)).join(';');
}

/** A whole document: header, rows, BOM and CRLF line ends. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>, options: CsvOptions = {}): string {
  const lines = [csvLine(header, options)];
  for (const row of rows) lines.push(csvLine(row, options));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

/**
 * A CSV document streamed batch by batch (exports of any size): the BOM and header first, then
 * each batch's lines as one chunk. Pulled by the response (back-pressure): the next batch is read
 * only when the client has taken the previous one, so memory stays one batch.
 */
export function csvStream<T>(header: readonly string[], batches: AsyncIterable<T[]>, toCells: (row: T) => readonly CsvValue[], options: CsvOptions = {}): Readable {
  async function* lines() {
    yield '\uFEFF' + csvLine(header, options) + '\r\n';
    for await (const batch of batches) {
      let chunk = '';
      for (const row of batch) chunk += csvLine(toCells(row), options) + '\r\n';
      yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
