// Shapes of the sign-in answers (spec §3 Auth state, issue 2 §4), as the web app reads them.
import type { ModulePermission } from '@portal/shared/auth/permissions';
import type { Role } from '@portal/shared/auth/roles';

export interface WarehouseDetail {
  D_Name: string;
  D_Addr1: string | null;
  D_City: string | null;
  D_State: string | null;
  D_Phone: string | null;
}

/** Retailer/customer record (spec §3). */
export interface StoreDetail {
  id?: string;
  C_Number: string;
  C_Name: string;
  C_CoName: string | null;
  C_Address: string | null;
  C_City: string | null;
  C_State: string | null;
  C_Phone: string | null;
  /** Dollars. */
  LastBalance: number | null;
  C_OrderDay: number | null;
  Routes?: { Route_Number: string; Stop_Number: string | null }[] | null;
  salesRep?: { S_Desc: string } | null;
}

export interface SignInData {
  token: string;
  role: Role;
  wareHouseDetail: WarehouseDetail[] | null;
  storeDetail: StoreDetail | null;
  logo: string | null;
  rolesPermission: ModulePermission[] | null;
  /** The signed-in person's own name (optional: an older server's answer has none). */
  userName?: string;
}

export interface ProfileData {
  token: string;
  role: Role;
  logo: string | null;
  rolesPermission: ModulePermission[] | null;
  profile: { name?: string; email?: string | null; phone?: string | null; isSessionActive?: unknown } & Record<string, unknown>;
  storeDetail: StoreDetail | null;
  wholeStoreDetail: WarehouseDetail[] | WarehouseDetail | null;
}

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}
