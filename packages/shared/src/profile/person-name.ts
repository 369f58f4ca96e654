// How the signed-in person is named in the header: the avatar's initials.

/**
 * Up to two initials: the first letters of the first and last words (`Maria Lopez` → `ML`,
 * `Cher` → `C`, `Mary Ann de la Cruz` → `MC`). Null when the name has no letter or digit to show.
 */
export function personInitials(name: string | null | undefined): string | null {
  const words = (name ?? '')
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter(Boolean);
  if (words.length === 0) return null;
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : '';
  return (first + last).toUpperCase();
}
