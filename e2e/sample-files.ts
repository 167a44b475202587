import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { samplePath } from './pages/app-page';

/**
 * How many records a sample file holds, counted here independently of the app's readers:
 * non-blank lines of JSON Lines, elements of a JSON events array, CSV rows after the header
 * (the samples have no newline inside a quoted cell).
 */
export function recordCount(name: string): number {
  const bytes = readFileSync(samplePath(name));
  const text = (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  if (name.includes('.jsonl') || name.includes('.ndjson')) return text.split('\n').filter((line) => line.trim() !== '').length;
  if (name.endsWith('.json')) {
    const parsed = JSON.parse(text);
    return (Array.isArray(parsed) ? parsed : parsed.events).length;
  }
  return text.split('\n').filter((line) => line.trim() !== '').length - 1;
}

export const GOOD_SAMPLES = ['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz', 'multihop-qa.json', 'customer-service.jsonl', 'retrieval-trial.jsonl'];
