// The optional `sort` and `dir` fields of a sortable list's request: an unknown key or direction is
// refused (400) with the accepted values in the message.
import { z } from 'zod';
import { SORT_DIRECTIONS } from './sort.ts';

export function sortFields<K extends string>(keys: readonly [K, ...K[]]) {
  return {
    sort: z.enum(keys, { error: `sort must be one of: ${keys.join(', ')}` }).optional(),
    dir: z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc' }).optional(),
  };
}
