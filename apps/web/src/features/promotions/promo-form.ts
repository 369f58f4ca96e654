// The promotion and banner forms' values and how they become the API body: the same shape as the body
// (so a message of the shared schema lands on the field of the same path), with the start and end as
// the browser's datetime-local text and the discount as typed. Checked with the API's own schemas.
import {
  bannerBody,
  promotionBody,
  type BannerInput,
  type BannerRow,
  type PromotionInput,
  type PromotionRow,
} from '@portal/shared/promotions/promotions.schemas';
import dayjs from 'dayjs';
import { z } from 'zod';

type Audience = PromotionRow['audience'];

/** What the promotion form and the banner form share: title, description, audience, dates. */
export interface CommonFormValues {
  title: string;
  description: string;
  audience: { type: Audience['type']; values: string[] };
  /** datetime-local, in the browser's time zone */
  startsAt: string;
  /** datetime-local; empty: no end */
  endsAt: string;
}

export interface PromotionFormValues extends CommonFormValues {
  discountType: PromotionRow['discountType'];
  /** As typed: percent or dollars. */
  discountValue: string;
  promoted: boolean;
  targets: { productIds: string[]; categoryIds: string[]; brands: string[]; vendorIds: string[] };
}

export interface BannerFormValues extends CommonFormValues {
  imageUrl: string;
  linkUrl: string;
}

/** datetime-local (the browser's time zone) ↔ ISO-8601 UTC */
const toLocal = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
const toIso = (local: string) => (local && dayjs(local).isValid() ? dayjs(local).toISOString() : local);

function commonValues(row: PromotionRow | BannerRow | null): CommonFormValues {
  return {
    title: row?.title ?? '',
    description: row?.description ?? '',
    audience: { type: row?.audience.type ?? 'all', values: [...(row?.audience.values ?? [])] },
    startsAt: toLocal(row?.startsAt ?? new Date().toISOString()),
    endsAt: toLocal(row?.endsAt),
  };
}

export function promotionValues(p: PromotionRow | null): PromotionFormValues {
  const t = p?.targets;
  return {
    ...commonValues(p),
    discountType: p?.discountType ?? 'percent',
    discountValue: p?.discountValue != null ? String(p.discountValue) : '',
    promoted: p?.promoted ?? false,
    targets: {
      productIds: [...(t?.productIds ?? [])],
      categoryIds: [...(t?.categoryIds ?? [])],
      brands: [...(t?.brands ?? [])],
      vendorIds: [...(t?.vendorIds ?? [])],
    },
  };
}

export function bannerValues(b: BannerRow | null): BannerFormValues {
  return { ...commonValues(b), imageUrl: b?.imageUrl ?? '', linkUrl: b?.linkUrl ?? '' };
}

/** The form's values as the body: ISO times, a typed number (blank: none). */
function bodyOf<V extends CommonFormValues>(values: V) {
  const v = values as V & { discountValue?: string };
  return {
    ...v,
    startsAt: toIso(v.startsAt),
    endsAt: toIso(v.endsAt) || null,
    ...(v.discountValue === undefined ? {} : { discountValue: v.discountValue.trim() === '' ? null : Number(v.discountValue) }),
  };
}

export const promotionForm: z.ZodType<PromotionInput, PromotionFormValues> = z.preprocess(
  (v) => bodyOf(v as PromotionFormValues),
  promotionBody,
) as never;
export const bannerForm: z.ZodType<BannerInput, BannerFormValues> = z.preprocess(
  (v) => bodyOf(v as BannerFormValues),
  bannerBody,
) as never;
