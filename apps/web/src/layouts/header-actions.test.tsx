// The header's controls each load on their own: while the retailer's bell and stories chunks are still
// on their way, the cart icon (part of the frame) is already there.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signInData } from '../test/render-app';

// Chunks that never arrive, as on a slow connection.
vi.mock('../features/notifications/notifications-bell', () => new Promise(() => {}));
vi.mock('../features/stories/stories-icon', () => new Promise(() => {}));

describe('header actions', () => {
  it('shows the cart icon without waiting for the bell and stories', async () => {
    mockApi({});
    renderApp('/retailer/dashboard', { signedInAs: signInData('retailer') });
    expect(await screen.findByRole('button', { name: /^Cart, / })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });
});
