// Admin categories and subcategories (/admin/categories): a subcategory is a category whose parent is a
// top-level category; there are two levels only.
import { z } from 'zod';

export const CATEGORY_NAME_MAX = 120;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required',
  nameTooLong: `Category name must be ${CATEGORY_NAME_MAX} characters or less`,
  parentMustBeTopLevel: 'Choose a top-level category as the parent',
  notFound: 'Category not found',
  created: 'Category created',
  updated: 'Category updated',
  deleted: 'Category deleted',
  duplicate: (name: string) => `A category named ${name} already exists here`,
  inUse: (name: string, n: number) => `${name} is used by ${n} products. Move them first.`,
  hasSubcategories: (name: string) => `${name} has subcategories. Delete them first.`,
} as const;

const categoryName = z
  .string({ error: CATEGORY_MESSAGES.nameRequired })
  .trim()
  .min(1, CATEGORY_MESSAGES.nameRequired)
  .max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.nameTooLong);

export const createCategoryBody = z.object(
  {
    name: categoryName,
    /** null or missing: a top-level category; otherwise the id of a top-level category. */
    parentId: z
      .string({ error: CATEGORY_MESSAGES.parentMustBeTopLevel })
      .trim()
      .max(100, CATEGORY_MESSAGES.parentMustBeTopLevel)
      .nullish()
      .transform((v) => (v ? v : null)),
  },
  { error: 'Request body must be a JSON object' },
);
export type CreateCategoryBody = z.input<typeof createCategoryBody>;
export type CreateCategoryInput = z.output<typeof createCategoryBody>;

export const updateCategoryBody = z.object({ name: categoryName }, { error: 'Request body must be a JSON object' });
export type UpdateCategoryBody = z.input<typeof updateCategoryBody>;

export const subcategoryRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  productCount: z.number().int(),
});
export type SubcategoryRow = z.infer<typeof subcategoryRowSchema>;

export const categoryRowSchema = subcategoryRowSchema.extend({
  subcategories: z.array(subcategoryRowSchema),
});
export type CategoryRow = z.infer<typeof categoryRowSchema>;

export const categoryListResponse = z.object({ items: z.array(categoryRowSchema) });
export type CategoryList = z.infer<typeof categoryListResponse>;

/** What POST/PUT answer: the category as stored (parentId null for a top-level category). */
export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
