import { type KeyboardEvent, useRef, useState } from 'react';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { imageAt } from '../../../lib/images';

/**
 * The product's images: one large, thumbnails below. Thumbnails are buttons (Tab, Enter, Space) and the
 * arrow keys, Home and End move between them; previous / next buttons sit on the large image.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  if (count === 0) {
    return (
      <div className="grid aspect-square place-items-center rounded-lg bg-slate-100 text-slate-600">
        No image
      </div>
    );
  }
  const show = (index: number, focus = false) => {
    const next = (index + count) % count;
    setCurrent(next);
    if (focus) thumbs.current[next]?.focus();
  };
  const onThumbKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target, true);
  };
  const src = images[current] ?? images[0]!;
  return (
    <section aria-label={`Images of ${name}`} aria-roledescription="gallery" className="space-y-3">
      <div className="relative aspect-square overflow-hidden rounded-lg bg-slate-100">
        <ResponsiveImage
          key={src}
          src={src}
          alt={count > 1 ? `${name}, image ${current + 1} of ${count}` : name}
          sizes="(min-width: 1024px) 560px, (min-width: 640px) 50vw, 100vw"
          fallbackWidth={800}
          width={800}
          height={800}
          priority
          className="h-full w-full object-contain"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => show(current - 1)}
              aria-label="Previous image"
              className="absolute left-2 top-1/2 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-xl text-slate-900 shadow"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              aria-label="Next image"
              className="absolute right-2 top-1/2 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-xl text-slate-900 shadow"
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul aria-label="Choose an image" className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, index) => (
            <li key={image} className="shrink-0">
              <button
                ref={(element) => {
                  thumbs.current[index] = element;
                }}
                type="button"
                aria-label={`Show image ${index + 1} of ${count}`}
                aria-current={index === current ? 'true' : undefined}
                tabIndex={index === current ? 0 : -1}
                onClick={() => show(index)}
                onKeyDown={onThumbKey}
                className={`block h-16 w-16 overflow-hidden rounded-md border-2 ${
                  index === current ? 'border-emerald-700' : 'border-transparent'
                }`}
              >
                <img
                  src={imageAt(image, 160)}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
