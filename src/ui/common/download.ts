/**
 * Save a file from the page: a blob: link clicked by the page (nothing leaves the browser). Used by
 * the figure export (SVG/PNG) and the history export (JSON/CSV).
 */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled; free the URL a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
