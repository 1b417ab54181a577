import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { imageSizes } from '../lib/image-variants.ts';
import { ResponsiveImage } from './responsive-image.tsx';

const renderImage = (src: string) =>
  render(<ResponsiveImage src={src} sizes={imageSizes.card} alt="ThinkPad T14" loading="lazy" />)
    .container;

describe('responsive image', () => {
  it('offers an upload as its WebP variants, with the JPEG ones and the original as fallback', () => {
    const container = renderImage('/api/images/4f1c.png');
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe(
      '/api/images/4f1c.w360.webp 360w, /api/images/4f1c.w720.webp 720w, /api/images/4f1c.w1440.webp 1440w',
    );
    expect(source?.getAttribute('sizes')).toBe(imageSizes.card);
    const image = container.querySelector('picture > img');
    expect(image?.getAttribute('srcset')).toBe(
      '/api/images/4f1c.w360.jpg 360w, /api/images/4f1c.w720.jpg 720w, /api/images/4f1c.w1440.jpg 1440w',
    );
    expect(image?.getAttribute('sizes')).toBe(imageSizes.card);
    expect(image?.getAttribute('src')).toBe('/api/images/4f1c.png');
    expect(image?.getAttribute('alt')).toBe('ThinkPad T14');
    expect(image?.getAttribute('loading')).toBe('lazy');
  });

  it('shows the original when the variants cannot be loaded (an image stored before them)', () => {
    const container = renderImage('/api/images/old.jpg');
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('picture')).toBeNull();
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/api/images/old.jpg');
    expect(image?.hasAttribute('srcset')).toBe(false);
  });

  it('shows an image from elsewhere as it is', () => {
    const container = renderImage('https://avatars.example.com/u/1.png');
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      'https://avatars.example.com/u/1.png',
    );
  });
});
