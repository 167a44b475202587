export interface HttpFileSize {
  /** How many bytes the response body yields, when known: what load progress counts against. */
  streamBytes: number | null;
  /** The file's own size, when the body arrives decoded from it (a `.gz` served with Content-Encoding: gzip). */
  encodedFileBytes: number | null;
}

/**
 * A fetched file's sizes from its response headers. With a Content-Encoding the browser decodes
 * the body, and Content-Length counts the encoded bytes: for a `.gz` file served as is with
 * `Content-Encoding: gzip` (as `vite preview` and many static hosts do), those are the file's
 * own bytes and the body is the text it holds; otherwise the server compressed on the fly and
 * the decoded body is the file.
 */
export function httpFileSize(name: string, headers: { get(name: string): string | null }): HttpFileSize {
  const length = Number(headers.get('content-length') ?? NaN);
  const known = Number.isFinite(length) && length > 0 ? length : null;
  const encoding = (headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return { streamBytes: known, encodedFileBytes: null };
  const gzipFile = encoding === 'gzip' && name.toLowerCase().endsWith('.gz');
  return { streamBytes: null, encodedFileBytes: gzipFile ? known : null };
}
