// File writers. Each returns the number of bytes written so the caller can report sizes.
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const toJsonLines = (events) => events.map((event) => JSON.stringify(event)).join('\n') + '\n';

function writeBytes(path, data) {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  writeFileSync(path, bytes);
  return bytes.length;
}

export const writeJsonLines = (path, events) => writeBytes(path, toJsonLines(events));

/** gzip with fixed settings; Node writes mtime 0 in the header, so output is reproducible. */
export const writeGzipJsonLines = (path, events) =>
  writeBytes(path, gzipSync(Buffer.from(toJsonLines(events), 'utf8'), { level: 9 }));

export const writePrettyJson = (path, value) => writeBytes(path, JSON.stringify(value, null, 2) + '\n');

/** One CSV cell, RFC 4180 quoting; arrays become a JSON array inside the cell, missing = empty. */
export function csvCell(value) {
  if (value === undefined || value === null) return '';
  const text = Array.isArray(value) ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function writeCsv(path, columns, rows) {
  const lines = [columns.join(','), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(','))];
  return writeBytes(path, lines.join('\n') + '\n');
}

export const writeRawLines = (path, lines) => writeBytes(path, lines.join('\n') + '\n');
