/** Saves a blob as a file through a temporary object URL; nothing leaves the machine. */
function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadText(fileName: string, text: string, type = 'application/x-ndjson'): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Binary files (a Parquet export). */
export function downloadBytes(fileName: string, bytes: Uint8Array, type = 'application/octet-stream'): void {
  downloadBlob(fileName, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
}
