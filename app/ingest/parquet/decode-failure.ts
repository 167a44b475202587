import { errorMessage } from '../../lib/error-message';
/**
 * What the decoders (hyparquet, its decompressors, the JavaScript engine) said, in words for
 * someone loading a log. Their own text never reaches the user: it names their internals
 * ("thrift unhandled type: 14"), not what is wrong with the file.
 */
const MEANINGS: [RegExp, string][] = [
  [/thrift|page header|page type/i, 'a page header is damaged'],
  [/decompressed page length/i, 'a page does not decompress to the size its header gives'],
  [/compression codec/i, 'a page is compressed with a method this app cannot decompress'],
  [/unsupported encoding/i, 'its values are encoded in a way this app does not know'],
  [/snappy|gzip|zstd|brotli|lz4|invalid block|unexpected EOF|eof marker|huffman|distance|window|literal|invalid (data|input)/i, 'the compressed data of a page is damaged'],
  [/outside the bounds|out of bounds|offset is out|Invalid typed array length/i, 'a value runs past the end of its page'],
  [/Invalid array length|allocation failed|out of memory|Invalid string length/i, 'a page says it holds more values than fit in memory'],
  [/call stack|too much recursion/i, 'its values are nested too deeply to read'],
];

export function decodeFailure(error: unknown): string {
  const message = errorMessage(error);
  return MEANINGS.find(([pattern]) => pattern.test(message))?.[1] ?? 'its data is damaged and does not decode';
}
