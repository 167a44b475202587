import { describe, expect, it } from 'vitest';
import { httpFileSize } from './http-size';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('httpFileSize', () => {
  it.each([
    ['a plain file: Content-Length is its size and what the body yields', 'logs.jsonl', { 'content-length': '1246782' }, { streamBytes: 1246782, encodedFileBytes: null }],
    ['no Content-Length: unknown until read', 'logs.jsonl', {}, { streamBytes: null, encodedFileBytes: null }],
    ['a .gz served as is with Content-Encoding: gzip: the file is the encoded bytes', 'asset-catalog.jsonl.gz', { 'content-length': '11868', 'content-encoding': 'gzip' }, { streamBytes: null, encodedFileBytes: 11868 }],
    ['a .gz served as is, without Content-Length', 'asset-catalog.jsonl.gz', { 'content-encoding': 'gzip' }, { streamBytes: null, encodedFileBytes: null }],
    ['a text file compressed on the fly: the decoded body is the file', 'logs.jsonl', { 'content-length': '900', 'content-encoding': 'gzip' }, { streamBytes: null, encodedFileBytes: null }],
    ['a .gz compressed again on the fly with another coding', 'logs.jsonl.gz', { 'content-length': '900', 'content-encoding': 'br' }, { streamBytes: null, encodedFileBytes: null }],
    ['identity is no encoding', 'logs.jsonl.gz', { 'content-length': '11868', 'content-encoding': 'identity' }, { streamBytes: 11868, encodedFileBytes: null }],
  ])('%s', (_, name, entries, expected) => {
    expect(httpFileSize(name, headers(entries))).toEqual(expected);
  });
});
