// The dashboard's own message, without zod: the retailer dashboard shows it, and importing it from
// catalog.schemas.ts would put zod in the JavaScript needed to render /retailer/dashboard.
/** Dashboard shelves: role and customer number (c_number on popularItems), spec §5. */
export const DASHBOARD_PARAMS_MESSAGE = 'Invalid parameters: role and c_number are required.';
