import { useState, type ImgHTMLAttributes } from 'react';
import { variantSrcSet, type ImageSizes } from '../lib/image-variants.ts';

type ResponsiveImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  src: string;
  alt: string;
  sizes: ImageSizes;
};

/**
 * An uploaded image as the variant that fits its shown width (WebP, else JPEG). An image stored
 * before variants existed has none: when the variant fails to load, the original is shown.
 */
export function ResponsiveImage({ src, sizes, ...image }: ResponsiveImageProps) {
  const [withoutVariants, setWithoutVariants] = useState<string>();
  const webp = variantSrcSet(src, 'webp');
  if (!webp || withoutVariants === src) return <img src={src} {...image} />;
  return (
    // `contents`: the picture adds no box, the image keeps its place in the layout.
    <picture className="contents">
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      <img
        src={src}
        srcSet={variantSrcSet(src, 'jpg')}
        sizes={sizes}
        {...image}
        onError={() => setWithoutVariants(src)}
      />
    </picture>
  );
}
