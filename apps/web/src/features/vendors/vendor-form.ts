// The vendor form checks the API's own body schema (shared), so the messages match the server's.
import { vendorBody, type VendorBody } from '@portal/shared/vendors/vendors.schemas';

export const vendorForm = vendorBody;
export type VendorFormValues = VendorBody;
