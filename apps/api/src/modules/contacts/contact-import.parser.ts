import { IMPORT_MESSAGES, stripNulText } from '@crm/shared';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { AppException } from '../../common/errors/app.exception';

/** A spreadsheet as text cells: the header row and the data rows (fully empty rows left out). */
export interface ParsedSheet {
  header: string[];
  rows: string[][];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
const UTF16BE_BOM = Buffer.from([0xfe, 0xff]);

function notSpreadsheet(): AppException {
  return AppException.validation('file', IMPORT_MESSAGES.notSpreadsheet);
}

/** A cell as the text a person sees: numbers without exponent, dates as YYYY-MM-DD, rich text flattened. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

async function parseXlsx(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw notSpreadsheet();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw notSpreadsheet();
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    const values = row.values as ExcelJS.CellValue[];
    // row.values is 1-based: index 0 is always empty. Excel's _x0000_ escape reads back as a NUL, which no
    // column can store: it is dropped like any other character a spreadsheet cell cannot show.
    for (let i = 1; i < values.length; i++) cells.push(stripNulText(cellText(values[i])));
    rows[rowNumber - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/**
 * The text of a delimited file in the encodings spreadsheets save (issue 19). A byte-order mark names UTF-8 or
 * UTF-16 (Excel's 'Unicode text'); without one, bytes that are valid UTF-8 are UTF-8 (a Windows-1252 file with
 * accents almost never is), and anything else is Windows-1252, what Excel on Spanish Windows writes as 'CSV', a
 * superset of Latin-1's printable characters. The BOM and validity checks are this small function; the decoding
 * of the legacy and UTF-16 encodings is iconv-lite's.
 */
export function decodeDelimitedText(buffer: Buffer): string {
  if (buffer.subarray(0, 3).equals(UTF8_BOM)) return strictUtf8(buffer.subarray(3));
  if (buffer.subarray(0, 2).equals(UTF16LE_BOM)) return iconv.decode(buffer.subarray(2), 'utf-16le');
  if (buffer.subarray(0, 2).equals(UTF16BE_BOM)) return iconv.decode(buffer.subarray(2), 'utf-16be');
  // A NUL outside UTF-16 means a binary file (or UTF-16 without its mark, which nothing tells apart safely).
  if (buffer.includes(0)) throw notSpreadsheet();
  try {
    return strictUtf8(buffer);
  } catch {
    return iconv.decode(buffer, 'windows-1252');
  }
}

function strictUtf8(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The separator of the first line: the most frequent of ',', ';' and tab outside quotes (a tie: ','). */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (sep: string) => unquoted.split(sep).length - 1;
  return [';', '\t'].reduce((best, sep) => (count(sep) > count(best) ? sep : best), ',');
}

function parseCsvText(buffer: Buffer): string[][] {
  const text = decodeDelimitedText(buffer);
  if (text.includes('\0')) throw notSpreadsheet();
  try {
    return parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
    }) as string[][];
  } catch {
    throw notSpreadsheet();
  }
}

/**
 * 02 §5 Import: an .xlsx (by its bytes, whatever the name says) or a delimited text file (',', ';' or tab) in
 * UTF-8 with or without BOM, UTF-16 with BOM, or Windows-1252.
 */
export async function parseContactsFile(buffer: Buffer, fileName: string): Promise<ParsedSheet> {
  const isZip = buffer.subarray(0, 4).equals(ZIP_MAGIC);
  const lowerName = fileName.toLowerCase();
  if (!isZip && (lowerName.endsWith('.xlsx') || lowerName.endsWith('.xls'))) throw notSpreadsheet();
  if (isZip && lowerName.endsWith('.csv')) throw notSpreadsheet();
  const table = isZip ? await parseXlsx(buffer) : parseCsvText(buffer);
  const [header = [], ...rest] = table;
  const rows = rest.filter((r) => r.some((cell) => cell.trim() !== ''));
  if (header.every((cell) => cell.trim() === '') && rows.length === 0) {
    throw AppException.validation('file', IMPORT_MESSAGES.empty);
  }
  return { header: header.map((h) => h.trim()), rows };
}
