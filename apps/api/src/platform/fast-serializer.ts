// A serializer for the busiest answers (a catalogue page, a cart): fast-json-stringify compiled from the
// JSON Schema of the route's own zod response schema, instead of the zod type provider's zod parse and
// JSON.stringify (the parse copies every object of a 50-product page). The zod schema stays the route's
// contract and its OpenAPI document; what this writes is the same JSON (unknown keys left out, undefined
// fields omitted), and a test compares such answers with their zod schema (catalog.test.ts, cart.test.ts).
// It does not validate types at run time: use it only where the answer is built by one mapping module.
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

export function fastSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7' });
  return fastJson(json as Parameters<typeof fastJson>[0]);
}
