// PolicyText renders Markdown and nothing a policy author could use to run script or load content:
// raw HTML (script, iframe, event handlers), javascript: and data: links, images (with onerror) are out.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PolicyText } from './policy-text';

const HOSTILE = [
  '# Returns',
  '',
  'Goods may be returned within **7 days**; see [our site](https://example.test/returns) or [mail us](mailto:office@example.test).',
  '',
  '- unopened',
  '- with the invoice',
  '',
  '<script>window.__pwned = 1</script>',
  '',
  '<img src="x" onerror="window.__pwned = 2">',
  '',
  '<iframe src="https://evil.test"></iframe>',
  '',
  'A [click me](javascript:window.__pwned=3) link, a [data one](data:text/html,<script>alert(1)</script>) and <a href="javascript:alert(1)" onclick="alert(2)">raw</a>.',
  '',
  '![tracker](https://evil.test/pixel.png "t") after the image.',
  '',
  '<div style="position:fixed" onmouseover="alert(1)">styled</div>',
].join('\n');

describe('PolicyText', () => {
  it('renders headings, emphasis, lists and safe links', () => {
    const { container } = render(<PolicyText body={HOSTILE} />);
    expect(container.querySelector('h1')?.textContent).toBe('Returns');
    expect(container.querySelector('strong')?.textContent).toBe('7 days');
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['unopened', 'with the invoice']);
    const site = [...container.querySelectorAll('a')].find((a) => a.textContent === 'our site')!;
    expect(site.getAttribute('href')).toBe('https://example.test/returns');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(site.getAttribute('target')).toBe('_blank');
    expect([...container.querySelectorAll('a')].find((a) => a.textContent === 'mail us')!.getAttribute('href')).toBe(
      'mailto:office@example.test',
    );
  });

  it('leaves out raw HTML, scripts, event handlers, images and javascript: or data: addresses', () => {
    const { container } = render(<PolicyText body={HOSTILE} />);
    expect(
      container.querySelector('script, iframe, img, div[style], [onerror], [onclick], [onmouseover], [style*="fixed"]'),
    ).toBeNull();
    for (const a of container.querySelectorAll('a')) {
      const href = a.getAttribute('href') ?? '';
      expect(href).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
    const clickMe = [...container.querySelectorAll('a')].find((a) => a.textContent === 'click me');
    expect(clickMe?.getAttribute('href') ?? '').toBe('');
    expect(container.innerHTML).not.toMatch(/javascript:|onerror|onclick|<script/i);
    expect(container.textContent).toContain('after the image.');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
