import { describe, expect, it } from 'vitest';
import { sha256BytesHex, sha256Hex } from './sha256';

// Expected digests: FIPS 180-2 appendix B for "abc" and the 448-bit message; the rest from
// Node's crypto.createHash('sha256') over the same UTF-8 text, computed once and pasted here.
describe('sha256Hex', () => {
  it.each<[string, string, string]>([
    ['the empty text', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['"abc" (FIPS 180-2 B.1)', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['448 bits (FIPS 180-2 B.2): the padding takes a second block', 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
    ['55 bytes: the last that fit one block', 'a'.repeat(55), '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318'],
    ['56 bytes: the first that need two', 'a'.repeat(56), 'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a'],
    ['64 bytes: exactly one block of message', 'a'.repeat(64), 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb'],
    ['1000 bytes: many blocks', 'a'.repeat(1000), '41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3'],
    ['non-ASCII text, hashed as UTF-8 (2-, 3- and 4-byte characters)', 'héllo wörld ✓ 😀', '23e0a0c5e66366c058e29407717008da83f9004340e71ff074bb24bd4b80eb2a'],
    ['a sentence', 'The quick brown fox jumps over the lazy dog.', 'ef537f25c895bfa782526529a9b63d97aa631564d5d789c2b765448c8635fb6c'],
  ])('%s', (_case, text, expected) => {
    expect(sha256Hex(text)).toBe(expected);
  });
});

describe('sha256BytesHex', () => {
  it('agrees with Web Crypto on bytes that are not UTF-8 and on a head of 64 KB', async () => {
    const bytes = Uint8Array.from({ length: 64 * 1024 }, (_, i) => (i * 131 + 7) % 256);
    for (const part of [bytes.subarray(0, 3), bytes.subarray(0, 1000), bytes]) {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', part.slice()));
      expect(sha256BytesHex(part)).toBe(Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join(''));
    }
  });
});
