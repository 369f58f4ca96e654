// The story rules both sides apply: the spec §5 file check and the spec §8 date display.
import { describe, expect, it } from 'vitest';
import { STORY_MAX_BYTES, audienceValueList, storyDateLabel, storyFileProblem, storyMediaTypeOf } from './stories.schemas.ts';

describe('story file rules (spec §5)', () => {
  it('names the media type by extension, any case', () => {
    expect(['a.JPG', 'a.jpeg', 'a.png', 'a.gif', 'a.webp'].map(storyMediaTypeOf)).toEqual(Array(5).fill('image'));
    expect(['a.mp4', 'a.AVI', 'a.mov', 'a.wmv', 'a.flv', 'a.webm'].map(storyMediaTypeOf)).toEqual(Array(6).fill('video'));
    expect(['a.svg', 'a.html', 'a.bmp', 'noext', 'a.png.exe'].map(storyMediaTypeOf)).toEqual(Array(5).fill(null));
  });

  it('gives the spec messages at the exact boundaries', () => {
    expect(storyFileProblem(null)).toBe('Please select a file to upload.');
    expect(storyFileProblem({ name: 'a.png', size: STORY_MAX_BYTES })).toBeNull();
    expect(storyFileProblem({ name: 'a.png', size: 5_242_881 })).toBe('File size must be less than 5MB.');
    expect(storyFileProblem({ name: 'a.mp4', size: 5_242_881 })).toBe('File size must be less than 5MB.');
    expect(storyFileProblem({ name: 'a.svg', size: 10 })).toBe('Please upload a valid image.');
    expect(storyFileProblem({ name: 'a.mp4', size: 10 }, 'image')).toBe('Please upload a valid image.');
    expect(storyFileProblem({ name: 'a.png', size: 10 }, 'video')).toBe('Please upload a valid video.');
    expect(storyFileProblem({ name: 'a.png', size: 0 })).toBe('Please select a file to upload.');
  });

  it('splits audience values once each', () => {
    expect(audienceValueList(' 101, 202,,101 ')).toEqual(['101', '202']);
    expect(audienceValueList(undefined)).toEqual([]);
  });
});

describe('story date display (spec §8)', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('is relative within 7 days, then MMM DD, YYYY, and Recently when invalid', () => {
    expect(storyDateLabel('2026-11-27T10:00:00Z', now)).toBe('2 hours ago');
    expect(storyDateLabel('2026-11-27T11:59:58Z', now)).toBe('a few seconds ago');
    expect(storyDateLabel('2026-11-21T12:00:01Z', now)).toBe('6 days ago');
    expect(storyDateLabel('2026-11-20T12:00:00Z', now)).toBe('Nov 20, 2026');
    expect(storyDateLabel('2026-03-02T12:00:00Z', now)).toBe('Mar 02, 2026');
    expect(storyDateLabel('not a date', now)).toBe('Recently');
    expect(storyDateLabel(null, now)).toBe('Recently');
  });
});
