/**
 * Keeps a page out of search engines (a theme preview, a shared draft). React hoists the tag into <head>; the
 * preview's API answer carries `X-Robots-Tag: noindex` as well.
 */
export function NoIndex() {
  return <meta name="robots" content="noindex, nofollow" />;
}
