/** Opens a private file fetched with the bearer token: an object URL in a new tab, freed a minute later. */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const opened = window.open(url, '_blank');
  if (!opened) window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves a private file fetched with the bearer token under a name (a CSV export), through an object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
