/** The items of a comma-separated list, trimmed, empty ones dropped: `dense, bm25,,` → dense, bm25. */
export const splitCommaList = (text: string): string[] => text.split(',').map((item) => item.trim()).filter((item) => item !== '');
