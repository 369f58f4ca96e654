// Stable string identifiers.
import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();
