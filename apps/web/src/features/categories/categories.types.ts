// Shapes of the categories API, from the schemas shared with the API.
export type { CategoryRow as Category, SubcategoryRow as Subcategory } from '@portal/shared/categories/categories.schemas';
