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
  eager?: boolean;
  className?: string;
}

/** A stored image with `srcset`/`sizes`, lazy by default, with its box reserved. */
export function ResponsiveImage({
  src,
  alt,
  fallbackWidth = 400,
  maxWidth = 1200,
  sizes,
  width,
  height,
  eager = false,
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
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}
