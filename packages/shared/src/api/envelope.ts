// The API's answer shapes (ARCHITECTURE "API conventions").
export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  error: { code: string; fields?: Record<string, string>; requestId?: string };
  data?: unknown;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}
