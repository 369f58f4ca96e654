// A product image that falls back to the bundled default image when the file cannot be loaded.
import { DEFAULT_PRODUCT_IMAGE } from '@portal/shared/catalog/product-image';
import type { SyntheticEvent } from 'react';
import './product.css';

export function ProductThumb({
  src,
  alt,
  size,
  height,
}: {
  src: string | null | undefined;
  alt: string;
  size: number | string;
  height?: number | string;
}) {
  return (
    <img
      className="pc-thumb"
      src={src || DEFAULT_PRODUCT_IMAGE}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={(e: SyntheticEvent<HTMLImageElement>) => {
        const img = e.currentTarget;
        if (!img.src.endsWith(DEFAULT_PRODUCT_IMAGE)) img.src = DEFAULT_PRODUCT_IMAGE;
      }}
      style={{ width: size, height: height ?? size }}
    />
  );
}
