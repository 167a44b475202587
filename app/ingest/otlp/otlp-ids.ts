const HEX_FORM = { trace: /^[0-9a-fA-F]{32}$/, span: /^[0-9a-fA-F]{16}$/ } as const;
/** Base64 of 16 and 8 bytes: what protobuf's canonical JSON makes of the id bytes. */
const BASE64_FORM = { trace: /^[A-Za-z0-9+/]{22}==$/, span: /^[A-Za-z0-9+/]{11}=$/ } as const;

function base64ToHex(text: string): string {
  return Array.from(atob(text), (char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('');
}

/**
 * A trace or span id as lowercase hex. OTLP JSON writes ids as hex (the JS SDK in lowercase);
 * a collector that writes protobuf's canonical JSON gives base64, which is converted. Any other
 * non-empty text is kept as given. Null when missing, empty or all zeros (OTLP's "invalid id").
 */
export function normalizeId(value: unknown, kind: 'trace' | 'span'): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  let id = text;
  if (HEX_FORM[kind].test(text)) id = text.toLowerCase();
  else if (BASE64_FORM[kind].test(text)) id = base64ToHex(text);
  return /^0+$/.test(id) ? null : id;
}
