// Shapes of the categories API (shared contract; the zod schemas live in packages/shared).
export interface Subcategory {
  id: string;
  name: string;
  sortOrder: number;
  productCount: number;
}

export interface Category extends Subcategory {
  subcategories: Subcategory[];
}
