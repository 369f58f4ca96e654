import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.ts';

describe('formatPhone', () => {
  it('formats 11 digits starting with 1 as +1 (area) exchange-line', () => {
    expect(formatPhone('15550100004')).toBe('+1 (555) 010-0004');
    expect(formatPhone('+15550100004')).toBe('+1 (555) 010-0004');
    expect(formatPhone(' 15550100004 ')).toBe('+1 (555) 010-0004');
  });

  it('formats 10 digits as (area) exchange-line', () => {
    expect(formatPhone('5550100004')).toBe('(555) 010-0004');
    expect(formatPhone('9165550001')).toBe('(916) 555-0001');
  });

  it('shows anything else exactly as given', () => {
    for (const given of [
      '(916) 555-0001',
      '916-555-0001',
      '555.010.0002',
      '+44 20 7946 0958',
      '+442079460958',
      '+5550100004',
      '25550100004',
      '555010',
      '123456789012',
      '5550100004 ext 12',
      'call the office',
      '',
    ]) {
      expect(formatPhone(given)).toBe(given);
    }
  });

  it('keeps a missing phone missing', () => {
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone(undefined)).toBeNull();
  });
});
