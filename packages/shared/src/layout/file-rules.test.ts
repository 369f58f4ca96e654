import { describe, expect, it } from 'vitest';
import { fileKind, fileSizeError } from './file-rules.ts';

const MB = 1024 * 1024;

describe('file size rules', () => {
  it('allows images up to 5 MB', () => {
    expect(fileSizeError({ name: 'a.png', type: 'image/png', size: 5 * MB })).toBeNull();
    expect(fileSizeError({ name: 'a.png', type: 'image/png', size: 5 * MB + 1 })).toBe('File size must be 5MB or less');
  });

  it('allows video up to 25 MB', () => {
    expect(fileSizeError({ name: 'a.mp4', type: 'video/mp4', size: 25 * MB })).toBeNull();
    expect(fileSizeError({ name: 'a.mp4', type: 'video/mp4', size: 25 * MB + 1 })).toBe('File size must be 25MB or less');
  });

  it('allows anything else up to 10 MB', () => {
    expect(fileSizeError({ name: 'a.pdf', type: 'application/pdf', size: 10 * MB })).toBeNull();
    expect(fileSizeError({ name: 'a.pdf', type: 'application/pdf', size: 10 * MB + 1 })).toBe('File size must be 10MB or less');
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(fileKind({ name: 'CLIP.MOV', type: '' })).toBe('video');
    expect(fileKind({ name: 'photo.jpeg', type: '' })).toBe('image');
    expect(fileKind({ name: 'list.csv', type: '' })).toBe('other');
  });
});
