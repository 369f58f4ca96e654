import { describe, expect, it } from 'vitest';
import { personInitials } from './person-name.ts';

describe('personInitials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(personInitials('Maria Lopez')).toBe('ML');
    expect(personInitials('Mary Ann de la Cruz')).toBe('MC');
    expect(personInitials('  dana   whitfield ')).toBe('DW');
  });

  it('uses one letter for a one-word name', () => {
    expect(personInitials('Cher')).toBe('C');
  });

  it('skips leading punctuation and keeps letters outside ASCII', () => {
    expect(personInitials('"Sam" (Patel)')).toBe('SP');
    expect(personInitials('Élodie Ørsted')).toBe('ÉØ');
  });

  it('has none for an empty or missing name', () => {
    expect(personInitials('')).toBeNull();
    expect(personInitials('  -- ')).toBeNull();
    expect(personInitials(null)).toBeNull();
    expect(personInitials(undefined)).toBeNull();
  });
});
