// Re-derives the rejections and warnings of malformed.jsonl and compares them with
// malformed.expected.json, so the expectations cannot drift from the file.
import { readFileSync } from 'node:fs';
import { formatProblem } from './schema.mjs';

const REFERENCE_FIELDS = { action: ['source_retrieval_id'], retrieval: ['rewrite_of'], gate: ['retrieval_id'], feedback: ['retrieval_id', 'target_event_id'], label: ['retrieval_id', 'target_event_id'] };

export function checkMalformed(path, expectedPath, fail) {
  const lines = readFileSync(path, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const found = [];
  const kept = [];
  const retrievalIds = new Set();
  lines.forEach((text, i) => {
    const line = i + 1;
    if (text.trim() === '') return;
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      found.push({ line, reason: 'invalid_json', field: null });
      return;
    }
    const problem = formatProblem(value);
    if (problem) return void found.push({ line, ...problem });
    if (value.type === 'retrieval') {
      if (retrievalIds.has(value.retrieval_id)) return void found.push({ line, reason: 'duplicate_retrieval_id', field: 'retrieval_id' });
      retrievalIds.add(value.retrieval_id);
    }
    kept.push({ line, value });
  });
  const eventIds = new Set(kept.map(({ value }) => value.event_id));
  for (const { line, value } of kept) {
    for (const field of REFERENCE_FIELDS[value.type] ?? []) {
      const known = field === 'target_event_id' ? eventIds : retrievalIds;
      if (value[field] !== undefined && !known.has(value[field])) found.push({ line, reason: 'unknown_reference', field });
    }
  }
  found.sort((a, b) => a.line - b.line);
  const expected = JSON.parse(readFileSync(expectedPath, 'utf8'));
  if (JSON.stringify(found) !== JSON.stringify(expected)) fail(`malformed.expected.json disagrees with a re-validation:\n${JSON.stringify(found)}\n${JSON.stringify(expected)}`);
  const reasons = new Set(expected.map((e) => e.reason));
  for (const reason of ['invalid_json', 'not_object', 'unknown_type', 'missing_field', 'wrong_type', 'duplicate_retrieval_id', 'bad_ts', 'unknown_reference']) {
    if (!reasons.has(reason)) fail(`malformed.jsonl lacks a ${reason} line`);
  }
  return { lines: lines.length, rejected: expected.filter((e) => e.reason !== 'unknown_reference').length, warnings: expected.filter((e) => e.reason === 'unknown_reference').length, valid: kept.length };
}
