// Shapes of the vendors API (shared contract; the zod schemas live in packages/shared).
export type VendorSort = 'name' | 'productCount' | 'createdAt' | 'isActive';
export type VendorStatus = 'active' | 'inactive' | 'all';

export interface VendorRow {
  id: string;
  name: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  isActive: boolean;
  productCount: number;
  createdAt: string;
}

export interface VendorBody {
  name: string;
  contactName?: string;
  email?: string;
  phone?: string;
}

export interface VendorListQuery {
  page: number;
  limit: number;
  sort: VendorSort;
  dir: 'asc' | 'desc';
  search: string;
  status: VendorStatus;
}

export interface VendorProduct {
  id: string;
  itemNumber: string;
  description: string;
  isActive: boolean;
}
