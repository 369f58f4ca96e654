// The early answers' freshness rule (docs/web.md "Early requests"): one answer serves one identical
// request (method, URL, authorization, body), only within EARLY_ANSWER_MAX_AGE_MS of being asked for.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWERS, EARLY_ANSWER_MAX_AGE_MS, askEarly, takeEarlyAnswer } from './early-answers';

const URL_OF = (path: string) => new URL(`/api${path}`, window.location.origin).href;
const BODY = JSON.stringify({ page: 1, limit: 50 });

function post(path: string, authorization: string, body = BODY) {
  return new Request(URL_OF(path), { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body });
}

function askForPage(now: number) {
  askEarly('/retailer/getInventory', { method: 'POST', headers: { authorization: 'Bearer a' }, body: BODY }, now);
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_ANSWERS];
});

describe('early answers', () => {
  it('serve the identical request once', async () => {
    const fetchMock = vi.fn(async () => new Response('early'));
    vi.stubGlobal('fetch', fetchMock);
    askForPage(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const first = await takeEarlyAnswer(post('/retailer/getInventory', 'Bearer a'), 1_500);
    expect(await first?.text()).toBe('early');
    expect(await takeEarlyAnswer(post('/retailer/getInventory', 'Bearer a'), 1_600)).toBeUndefined();
  });

  it('never serve another session, body, method or path', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('early')),
    );
    askForPage(1_000);
    expect(await takeEarlyAnswer(post('/retailer/getInventory', 'Bearer b'), 1_100)).toBeUndefined();
    expect(await takeEarlyAnswer(post('/retailer/getInventory', 'Bearer a', '{"page":2,"limit":50}'), 1_100)).toBeUndefined();
    expect(await takeEarlyAnswer(post('/retailer/findProducts', 'Bearer a'), 1_100)).toBeUndefined();
    expect(
      await takeEarlyAnswer(new Request(URL_OF('/retailer/getInventory'), { headers: { authorization: 'Bearer a' } }), 1_100),
    ).toBeUndefined();
    expect(await takeEarlyAnswer(post('/retailer/getInventory', 'Bearer a'), 1_100)).toBeDefined();
  });

  it(`are dropped after ${EARLY_ANSWER_MAX_AGE_MS} ms`, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('early')),
    );
    askForPage(1_000);
    expect(
      await takeEarlyAnswer(post('/retailer/getInventory', 'Bearer a'), 1_000 + EARLY_ANSWER_MAX_AGE_MS + 1),
    ).toBeUndefined();
    askForPage(1_000);
    expect(await takeEarlyAnswer(post('/retailer/getInventory', 'Bearer a'), 1_000 + EARLY_ANSWER_MAX_AGE_MS)).toBeDefined();
  });

  it('send the request again when the early one could not reach the server', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('again'));
    vi.stubGlobal('fetch', fetchMock);
    askForPage(1_000);
    const answer = await takeEarlyAnswer(post('/retailer/getInventory', 'Bearer a'), 1_100);
    expect(await answer?.text()).toBe('again');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
