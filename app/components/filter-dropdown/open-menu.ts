/**
 * The one open dropdown of the page. Opening a list closes the one open before it, so two lists
 * never lie over each other (nor does a forgotten one stay open over the content).
 */
let closeOpen: (() => void) | null = null;

export function claimOpen(close: () => void): void {
  if (closeOpen && closeOpen !== close) closeOpen();
  closeOpen = close;
}

export function releaseOpen(close: () => void): void {
  if (closeOpen === close) closeOpen = null;
}
