// Stories (spec §3 Story, §4 Story viewer and dialog, §5 story form, §7 Stories, §8 messages and date
// display): the file rules both sides apply, the messages, the request and answer shapes of
// /distrubutor/stories and /retailer/story, and the viewer's timing constants.
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';

dayjs.extend(relativeTime);

/** Spec §5 and §9: a story's file is at most 5 MB (5242880 bytes), image or video alike. */
export const STORY_MAX_BYTES = 5_242_880;
export const STORY_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const STORY_VIDEO_EXTENSIONS = ['mp4', 'avi', 'mov', 'wmv', 'flv', 'webm'] as const;
export const STORY_MEDIA_TYPES = ['image', 'video'] as const;
export type StoryMediaType = (typeof STORY_MEDIA_TYPES)[number];

/** Who sees a story: every store, or the stores on chosen routes, with chosen order days, or chosen stores. */
export const STORY_AUDIENCE_TYPES = ['all', 'routes', 'orderDays', 'customers'] as const;
export type StoryAudienceType = (typeof STORY_AUDIENCE_TYPES)[number];

export const STORY_MESSAGES = {
  mediaTypeRequired: 'Media type is required',
  mediaTypeInvalid: 'Media type must be either image or video',
  mediaRequired: 'Media is required.',
  noFile: 'Please select a file to upload.',
  tooLarge: 'File size must be less than 5MB.',
  invalidImage: 'Please upload a valid image.',
  invalidVideo: 'Please upload a valid video.',
  /** The bytes are not what the name and media type say (a PNG renamed .mp4, an SVG renamed .png). */
  notRealImage: 'The file is not a JPG, PNG, GIF or WebP image.',
  notRealVideo: 'The file is not an MP4, AVI, MOV, WMV, FLV or WebM video.',
  damaged: 'The file could not be read: it is damaged or incomplete.',
  notMultipart: 'Send the story as multipart/form-data',
  unreadableUpload: 'The upload could not be read. Send mediaType, media and caption as multipart/form-data.',
  captionTooLong: 'Caption must be 500 characters or fewer',
  endsBeforeStart: 'The end must be after the start',
  badDate: 'Enter a valid date and time',
  oneLink: 'Link a story to a product or a promotion, not both',
  productNotFound: 'Product not found',
  promotionNotFound: 'Promotion not found',
  audienceValuesRequired: 'Choose at least one value for this audience',
  notFound: 'Story not found',
  created: 'Story created successfully',
  updated: 'Story updated successfully',
  deleted: 'Story deleted successfully',
  viewed: 'Story marked as viewed',
  createFailed: 'Failed to create story',
  createFailedOuter: 'Failed to create story. Please try again.',
  deleteFailed: 'Failed to delete story',
  updateFailed: 'Failed to update story',
  fetchFailed: 'Failed to fetch stories',
} as const;

export const CAPTION_MAX = 500;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The media type a file name's extension stands for (spec §5 lists), or null for any other name. */
export function storyMediaTypeOf(name: string): StoryMediaType | null {
  const ext = extensionOf(name);
  if ((STORY_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  if ((STORY_VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'video';
  return null;
}

/**
 * The spec §5 check of a picked file, by its name and size (the server also checks the bytes): null when
 * the file may be sent. `mediaType` is the type the form sends; without it, the one the name stands for.
 */
export function storyFileProblem(file: { name: string; size: number } | null, mediaType?: StoryMediaType): string | null {
  if (!file) return STORY_MESSAGES.noFile;
  const named = storyMediaTypeOf(file.name);
  if (!named) return STORY_MESSAGES.invalidImage; // spec §5: any other extension
  if (mediaType && named !== mediaType) return mediaType === 'image' ? STORY_MESSAGES.invalidImage : STORY_MESSAGES.invalidVideo;
  if (file.size === 0) return STORY_MESSAGES.noFile;
  if (file.size > STORY_MAX_BYTES) return STORY_MESSAGES.tooLarge;
  return null;
}

/** Spec §8: newer than 7 days shown relative ("2 hours ago"), else MMM DD, YYYY; an invalid date reads Recently. */
export function storyDateLabel(iso: string | null | undefined, now: Date = new Date()): string {
  const d = dayjs(iso ?? undefined);
  if (!iso || !d.isValid()) return 'Recently';
  const ref = dayjs(now);
  return ref.diff(d, 'day', true) < 7 ? d.from(ref) : d.format('MMM DD, YYYY');
}

/** Spec §4 viewer timing: images grow 2 % every 100 ms (about 5 s a story); videos run their real length. */
export const STORY_PROGRESS_STEP = 2;
export const STORY_TICK_MS = 100;
/** Spec §9: the Add Story dialog closes about 2 s after a successful create. */
export const STORY_DIALOG_CLOSE_MS = 2000;

const isoField = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), STORY_MESSAGES.badDate)
  .transform((v) => new Date(v).toISOString());
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * The text fields of POST /distrubutor/stories (multipart: every value is text). Beyond the spec's
 * mediaType and caption, all optional: startsAt/endsAt (ISO-8601; default now / never), audienceType
 * with audienceValues (comma-separated routes, order days 1-7, or customer ids), productId or promotionId.
 */
export const storyCreateFields = z
  .object({
    mediaType: z
      .string({ error: STORY_MESSAGES.mediaTypeRequired })
      .trim()
      .min(1, STORY_MESSAGES.mediaTypeRequired)
      .pipe(z.enum(STORY_MEDIA_TYPES, { error: STORY_MESSAGES.mediaTypeInvalid })),
    caption: optional(z.string().trim().max(CAPTION_MAX, STORY_MESSAGES.captionTooLong)),
    startsAt: optional(isoField),
    endsAt: optional(isoField),
    audienceType: optional(z.enum(STORY_AUDIENCE_TYPES, { error: 'Audience must be all, routes, orderDays or customers' })),
    audienceValues: optional(z.string().max(10_000, 'Too many audience values')),
    productId: optional(z.string().trim().min(1).max(100)),
    promotionId: optional(z.string().trim().min(1).max(100)),
  })
  .superRefine((v, ctx) => {
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: STORY_MESSAGES.endsBeforeStart });
    }
    if (v.productId && v.promotionId) ctx.addIssue({ code: 'custom', path: ['productId'], message: STORY_MESSAGES.oneLink });
  });
export type StoryCreateFields = z.output<typeof storyCreateFields>;

/** The audience values as a list: trimmed, empty ones dropped, each once. */
export function audienceValueList(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * PUT /distrubutor/stories/{id}: isActive switches the story on or off; `deleted: true` is the Delete
 * Story action, a soft delete (spec §4): isActive becomes false and the story leaves the office list,
 * its views kept. Sending only `{ isActive: false }` is the spec's delete and leaves the story listed.
 */
export const storyUpdateBody = z
  .object({
    isActive: z.boolean({ error: 'isActive must be true or false' }),
    deleted: z.boolean().optional(),
  })
  .refine((v) => !(v.deleted && v.isActive), { path: ['isActive'], message: 'A deleted story cannot be active' });
export type StoryUpdateBody = z.infer<typeof storyUpdateBody>;

export const storyListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(20, 100),
});

export const storyIdParams = z.object({ id: z.string().min(1).max(100) });

const productLink = z.object({ id: z.string(), itemNumber: z.string(), name: z.string() });
const promotionLink = z.object({ id: z.string(), title: z.string() });

/** What the office sees of a story: the spec's fields, the extras, and how far it has been seen. */
export const officeStorySchema = z.object({
  id: z.string(),
  mediaType: z.enum(STORY_MEDIA_TYPES),
  mediaUrl: z.string(),
  caption: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** scheduled (starts later), running, ended (past its end), inactive (switched off). */
  status: z.enum(['scheduled', 'running', 'ended', 'inactive']),
  audience: z.object({ type: z.enum(STORY_AUDIENCE_TYPES), values: z.array(z.string()) }),
  product: productLink.nullable(),
  promotion: promotionLink.nullable(),
  /** Retailer users who have seen it. */
  seenBy: z.number().int(),
  /** Active retailer users of active stores in its audience today. */
  audienceSize: z.number().int(),
  /** seenBy of audienceSize, in whole percent (0 when nobody is in the audience). */
  completion: z.number().int(),
});
export type OfficeStory = z.infer<typeof officeStorySchema>;

export const officeStoryListResponse = z.object({
  items: z.array(officeStorySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type OfficeStoryList = z.infer<typeof officeStoryListResponse>;

/** GET /retailer/story: the spec's fields, whether this retailer viewed it, and its link. */
export const retailerStorySchema = z.object({
  id: z.string(),
  mediaType: z.enum(STORY_MEDIA_TYPES),
  mediaUrl: z.string(),
  caption: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  viewed: z.boolean(),
  product: productLink.nullable(),
  promotion: promotionLink.nullable(),
});
export type RetailerStory = z.infer<typeof retailerStorySchema>;
export const retailerStoryListResponse = z.array(retailerStorySchema);

export const storyViewedResponse = z.object({ id: z.string(), viewed: z.literal(true), viewedAt: z.string() });
