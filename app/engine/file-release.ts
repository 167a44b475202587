/**
 * An engine worker that just ended (terminated, or createEmptyDatabase's spare one) lets go of its
 * OPFS access handles only some time later, the longer the busier the machine (seconds, seen on a
 * loaded 2-core machine). A step on such a file is tried again, every `stepMs`, while it fails
 * with an error `retryOn` accepts, for up to `waitMs`; then its last error is thrown.
 */
export async function untilFileReleased<T>(
  step: () => Promise<T>,
  { retryOn, waitMs, stepMs = 50 }: { retryOn: (error: unknown) => boolean; waitMs: number; stepMs?: number },
): Promise<T> {
  const until = performance.now() + waitMs;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (!retryOn(error) || performance.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, stepMs));
    }
  }
}
