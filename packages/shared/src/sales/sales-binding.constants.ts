// The sales customer binding's headers and messages (spec §7, §8), without zod: the web app's start-up
// code uses them, and importing them from sales.schemas.ts would put zod in the first download.
/** Header naming the customer a sales call acts for (our customer id). */
export const CUSTOMER_ID_HEADER = 'x-customer-id';
/** Header carrying that customer's C_Number on cart calls. */
export const CUSTOMER_NUMBER_HEADER = 'x-customer-number';

/** Spec §8 Cart: a sales call made without a selected customer. */
export const CUSTOMER_ID_NOT_FOUND_MESSAGE = 'Customer ID not found';
/** Spec §8: the working customer was changed on another device. */
export const CUSTOMER_CONTEXT_CHANGED_MESSAGE = 'Customer context changed. Please refresh.';
export const CUSTOMER_NOT_ASSIGNED_MESSAGE = 'This customer is not assigned to you';
export const CUSTOMER_PATH_MISMATCH_MESSAGE = 'The customer in the path does not match the x-customer-id header';
export const CUSTOMER_NUMBER_MISMATCH_MESSAGE = 'x-customer-number does not match the selected customer';
