import { describe, expect, it } from 'vitest';
import { imageAt, imageSrcSet } from './images';

describe('image sizes', () => {
  it('swaps the width suffix of a stored image', () => {
    expect(imageAt('/media/images/abc-800.webp', 160)).toBe('/media/images/abc-160.webp');
    expect(imageAt('https://cdn.example/x.png', 400)).toBe('https://cdn.example/x.png');
  });

  it('lists the stored widths up to a maximum', () => {
    expect(imageSrcSet('/media/images/abc-800.webp', 400)).toBe(
      '/media/images/abc-160.webp 160w, /media/images/abc-400.webp 400w',
    );
    expect(imageSrcSet('https://cdn.example/x.png')).toBeUndefined();
  });
});
