import { describe, expect, it } from 'vitest';
import { policyEditBody } from './policies.schemas.ts';

describe('policyEditBody', () => {
  it('trims and checks title and text', () => {
    expect(policyEditBody.parse({ title: '  Terms ', body: ' Text ' })).toEqual({ title: 'Terms', body: 'Text' });
    const r = policyEditBody.safeParse({ title: ' ', body: 'x'.repeat(50_001) });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Title is required', 'Text must be 50,000 characters or less']);
  });
});
