import { describe, expect, it } from 'vitest';
import { contactRequestBody } from './contact.schemas.ts';

const messages = (input: unknown) => {
  const r = contactRequestBody.safeParse(input);
  return r.success ? [] : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('contactRequestBody', () => {
  it('accepts a trimmed request with optional phone and store name left empty', () => {
    expect(
      contactRequestBody.parse({ name: ' Ana ', email: ' ana@store.test ', phone: '', message: '  Please call me back.  ' }),
    ).toEqual({
      name: 'Ana',
      email: 'ana@store.test',
      phone: '',
      message: 'Please call me back.',
    });
  });

  it('names every bad field', () => {
    expect(messages({ name: '', email: 'nope', phone: 'abc', message: 'short' })).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
      message: 'Message must be at least 10 characters',
    });
    expect(messages({})).toEqual({ name: 'Name is required', email: 'Email is required', message: 'Message is required' });
    expect(messages({ name: 'A', email: 'a@b.co', message: 'x'.repeat(2001) })).toEqual({
      message: 'Message must be 2000 characters or less',
    });
  });
});
