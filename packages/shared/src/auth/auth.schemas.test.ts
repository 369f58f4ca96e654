import { describe, expect, it } from 'vitest';
import { emailPhone, normalizeEmailPhone, resetPasswordBody, signupBody } from './auth.schemas.ts';

describe('normalizeEmailPhone', () => {
  it('lower-cases e-mail and keeps only the digits of a phone, adding 1 to a 10-digit number', () => {
    expect(normalizeEmailPhone('  Retailer@Demo.TEST ')).toBe('retailer@demo.test');
    expect(normalizeEmailPhone('+1 (555) 010-0002')).toBe('15550100002');
    expect(normalizeEmailPhone('555.010.0002')).toBe('15550100002');
    expect(normalizeEmailPhone('+44 20 7946 0958')).toBe('442079460958');
  });
});

describe('emailPhone', () => {
  it.each(['retailer@demo.test', '(555) 010-0002', '+1 555 010 0002', '5550100002'])('accepts %s', (v) => {
    expect(emailPhone.safeParse(v).success).toBe(true);
  });
  it.each([
    ['', 'Email or phone number is required'],
    ['retailer@', 'Enter a valid email address or phone number'],
    ['12345', 'Enter a valid email address or phone number'],
    ['call me maybe', 'Enter a valid email address or phone number'],
    ['1234567890123456', 'Enter a valid email address or phone number'],
  ])('refuses %j with %s', (v, message) => {
    const r = emailPhone.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('new passwords and sign-up', () => {
  it('needs 8 characters with a letter and a number', () => {
    const msg = (password: string) =>
      resetPasswordBody.safeParse({ email_phone: 'a@b.test', otp: '123456', password }).error?.issues[0]?.message;
    expect(msg('short1')).toBe('Password must be at least 8 characters');
    expect(msg('12345678')).toBe('Password must contain a letter');
    expect(msg('abcdefgh')).toBe('Password must contain a number');
    expect(msg('abcdefg1')).toBeUndefined();
  });

  it('lower-cases the sign-up e-mail', () => {
    const r = signupBody.parse({
      storeName: 'S',
      ownerName: 'O',
      email: ' Nora@Maple.TEST ',
      phone: '916 555 7788',
      password: 'Maple@2026',
    });
    expect(r.email).toBe('nora@maple.test');
  });
});
