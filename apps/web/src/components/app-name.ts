/** The product's name: page titles and the brand mark. */
export const APP_NAME = 'Wholesale Ordering Portal';
