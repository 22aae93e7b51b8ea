/** Opens a private file fetched with the bearer token: an object URL in a new tab, freed a minute later. */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const opened = window.open(url, '_blank');
  if (!opened) window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
