import { describe, expect, it } from 'vitest';
import { policyEditBody, policyParagraphs } from './policies.schemas.ts';

describe('policyParagraphs', () => {
  it('splits on blank lines, keeps single line breaks, drops empty ones and normalises CRLF', () => {
    expect(policyParagraphs('First para.\r\n\r\n  Second\nline two  \n \n\n\nThird')).toEqual([
      'First para.',
      'Second\nline two',
      'Third',
    ]);
    expect(policyParagraphs('   \n\n ')).toEqual([]);
  });
});

describe('policyEditBody', () => {
  it('trims and checks title and text', () => {
    expect(policyEditBody.parse({ title: '  Terms ', body: ' Text ' })).toEqual({ title: 'Terms', body: 'Text' });
    const r = policyEditBody.safeParse({ title: ' ', body: 'x'.repeat(50_001) });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Title is required', 'Text must be 50,000 characters or less']);
  });
});
