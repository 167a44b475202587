// Readers for the sample formats, as a user's loader would see them.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { coerceCsvCell } from './schema.mjs';

const jsonLines = (text) => text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));

export const readJsonLines = (path) => jsonLines(readFileSync(path, 'utf8'));
export const readGzipJsonLines = (path) => jsonLines(gunzipSync(readFileSync(path)).toString('utf8'));

export function readJsonEvents(path) {
  const value = JSON.parse(readFileSync(path, 'utf8'));
  return Array.isArray(value) ? value : value.events;
}

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

export function readCsvEvents(path) {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  return rows.map((cells) => {
    if (cells.length !== header.length) throw new Error(`${path}: row with ${cells.length} cells, header has ${header.length}`);
    const type = cells[header.indexOf('type')];
    const event = {};
    header.forEach((field, i) => {
      const value = coerceCsvCell(type, field, cells[i]);
      if (value !== undefined) event[field] = value;
    });
    return event;
  });
}
