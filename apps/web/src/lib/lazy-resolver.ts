// A react-hook-form resolver that validates with a zod schema fetched on first use. The schemas (and
// zod itself, about 40 KB gzip) are then not part of what a sign-in screen needs to render: they load
// when the form is first validated, which react-hook-form does on the first submit.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { loadChunk } from './lazy-page';

export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType<T, FieldValues>>): Resolver<T> {
  let ready: Promise<Resolver<T>> | null = null;
  const resolver = () => {
    ready ??= loadChunk(async () => {
      const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
      return zodResolver(schema) as unknown as Resolver<T>;
    });
    // A failed fetch is tried again on the next submit.
    ready.catch(() => (ready = null));
    return ready;
  };
  return async (values, context, options) => (await resolver())(values, context, options);
}
