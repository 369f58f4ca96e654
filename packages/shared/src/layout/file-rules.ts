// Size rules of the generic file field (spec §5, §9): 5 MB images, 25 MB video, 10 MB anything else.
const MB = 1024 * 1024;

export type FileKind = 'image' | 'video' | 'other';

export const FILE_LIMIT_MB: Record<FileKind, number> = { image: 5, video: 25, other: 10 };

export function fileKind(file: { type: string; name: string }): FileKind {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'bmp'].includes(ext)) return 'image';
  if (['mp4', 'avi', 'mov', 'wmv', 'flv', 'webm', 'mkv'].includes(ext)) return 'video';
  return 'other';
}

/** The violation message for a file over its kind's limit, or null when the size is allowed. */
export function fileSizeError(file: { type: string; name: string; size: number }): string | null {
  const limit = FILE_LIMIT_MB[fileKind(file)];
  return file.size > limit * MB ? `File size must be ${limit}MB or less` : null;
}
