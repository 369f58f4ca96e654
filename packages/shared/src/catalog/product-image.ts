// Spec §3 image choice: the distributor image when its show flag is set and it exists,
// else the master image, else the default image.
export const DEFAULT_PRODUCT_IMAGE = '/images/product-placeholder.svg';

export function chooseProductImage(
  p: { showDistributorImage: boolean; distributorImage: string | null | undefined; masterImage: string | null | undefined },
  fallback: string = DEFAULT_PRODUCT_IMAGE,
): string {
  if (p.showDistributorImage && p.distributorImage) return p.distributorImage;
  if (p.masterImage) return p.masterImage;
  return fallback;
}
