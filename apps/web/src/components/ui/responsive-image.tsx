import { type ImageWidth, imageAt, imageSrcSet } from '../../lib/images';

interface ResponsiveImageProps {
  src: string;
  alt: string;
  /** The width the browser starts from when it cannot use `srcset`. */
  fallbackWidth?: ImageWidth;
  /** The largest stored width worth downloading here. */
  maxWidth?: ImageWidth;
  sizes: string;
  /** Intrinsic size: reserves the box before the image arrives (no layout shift). */
  width: number;
  height: number;
  /** Visible without scrolling: downloaded at once. */
  eager?: boolean;
  /** The page's largest image (its LCP): eager and first in the browser's queue. */
  priority?: boolean;
  className?: string;
}

/** A stored image with `srcset`/`sizes`, lazy by default (below the fold), with its box reserved. */
export function ResponsiveImage({
  src,
  alt,
  fallbackWidth = 400,
  maxWidth = 1200,
  sizes,
  width,
  height,
  eager = false,
  priority = false,
  className = '',
}: ResponsiveImageProps) {
  return (
    <img
      src={imageAt(src, fallbackWidth)}
      srcSet={imageSrcSet(src, maxWidth)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={className}
    />
  );
}
