const HEX_FORM = { trace: /^[0-9a-fA-F]{32}$/, span: /^[0-9a-fA-F]{16}$/ } as const;
/** Base64 of 16 and 8 bytes: what protobuf's canonical JSON makes of the id bytes. */
const BASE64_FORM = { trace: /^[A-Za-z0-9+/]{22}==$/, span: /^[A-Za-z0-9+/]{11}=$/ } as const;

function base64ToHex(text: string): string {
  return Array.from(atob(text), (char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('');
}

/** What an id field holds: an id (lowercase hex), nothing (missing, empty, all zeros: OTLP's "invalid id"), or text that is no id. */
export type IdRead = { id: string } | { id: null } | { notAnId: string };

/**
 * A trace or span id as lowercase hex. OTLP JSON writes ids as hex (the JS SDK in lowercase);
 * a collector that writes protobuf's canonical JSON gives base64, which is converted. Any other
 * text is no id: 16 bytes (trace) or 8 (span) in either form are the only ids OTLP has.
 */
export function readId(value: unknown, kind: 'trace' | 'span'): IdRead {
  if (value === undefined || value === null) return { id: null };
  if (typeof value !== 'string') return { notAnId: JSON.stringify(value) ?? String(value) };
  const text = value.trim();
  if (text === '') return { id: null };
  let id: string;
  if (HEX_FORM[kind].test(text)) id = text.toLowerCase();
  else if (BASE64_FORM[kind].test(text)) id = base64ToHex(text);
  else return { notAnId: text };
  return /^0+$/.test(id) ? { id: null } : { id };
}

/** The id, or null when it is missing or is no id (for readers that have no place to say which). */
export function normalizeId(value: unknown, kind: 'trace' | 'span'): string | null {
  const read = readId(value, kind);
  return 'id' in read ? read.id : null;
}

/** How an id that is no id is described in a rejection. */
export const ID_FORMS = { trace: '32 hex digits, 16 bytes', span: '16 hex digits, 8 bytes' } as const;
