// LIKE patterns from what a user typed: its wildcards taken literally (escape character `\`, so every
// query using one says `escape '\'`), lower case for a match against lower(column).

/** `%text%`, lower case, with `\`, `%` and `_` escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
