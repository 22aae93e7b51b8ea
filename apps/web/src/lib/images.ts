/** Widths the server stores for every uploaded image (`/media/images/<id>-<width>.webp`). */
export const IMAGE_WIDTHS = [160, 400, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const sized = /-(160|400|800|1200)\.webp$/;

/** The same image at another stored width; URLs of other shapes are returned unchanged. */
export function imageAt(url: string, width: ImageWidth): string {
  return sized.test(url) ? url.replace(sized, `-${width}.webp`) : url;
}

/** A `srcset` of the stored widths up to `max`, or undefined when the URL has no stored sizes. */
export function imageSrcSet(url: string, max: ImageWidth = 1200): string | undefined {
  if (!sized.test(url)) return undefined;
  return IMAGE_WIDTHS.filter((width) => width <= max)
    .map((width) => `${imageAt(url, width)} ${width}w`)
    .join(', ');
}
