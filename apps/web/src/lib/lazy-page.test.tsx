// Route chunks (spec §2, §8): a chunk that never arrives fails after 120 s, and a route whose chunk
// fails shows the failed-route text instead of a blank screen.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_ERROR_TEXT, RouteError } from '../components/route-error';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyPage, loadChunk } from './lazy-page';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadChunk', () => {
  it('fails with a load error after 120 s, not before', async () => {
    vi.useFakeTimers();
    let outcome: unknown = 'pending';
    loadChunk(() => new Promise<never>(() => undefined)).then(
      () => (outcome = 'loaded'),
      (error: unknown) => (outcome = error),
    );
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadError);
    expect((outcome as Error).message).toBe('Loading a script chunk timed out after 120 s');
  });

  it('passes a loaded module through and a failed import on as it is', async () => {
    await expect(loadChunk(() => Promise.resolve({ page: 1 }))).resolves.toEqual({ page: 1 });
    const failed = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadChunk(() => Promise.reject(failed))).rejects.toBe(failed);
  });
});

describe('lazyPage', () => {
  it('renders the page once its chunk is in', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/x',
          lazy: lazyPage(
            () => Promise.resolve({ Page: () => <h1>Loaded page</h1> }),
            (m) => <m.Page />,
          ),
        },
      ],
      { initialEntries: ['/x'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
  });

  it('shows the failed-route text when the chunk cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: '/x',
          errorElement: <RouteError />,
          lazy: lazyPage(
            () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
            () => <p>never</p>,
          ),
        },
      ],
      { initialEntries: ['/x'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(ROUTE_ERROR_TEXT)).toBeInTheDocument();
    expect(ROUTE_ERROR_TEXT).toBe('Something went wrong. Please try again later.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
