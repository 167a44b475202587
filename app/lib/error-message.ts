/**
 * The words of a thrown value. An Error gives its message; anything else thrown (a string, an
 * object from a library or a worker) gives its `message` when it has one, else itself as text, so
 * that what the user reads is never "undefined".
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : String(error);
}
