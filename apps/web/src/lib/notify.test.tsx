// Which toasts a route change takes away (lib/notify.ts): a screen's error and info toasts go, success
// toasts and app notices stay, and one raised on a screen already left never shows.
import { render, screen } from '@testing-library/react';
import { useToasterStore } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { notify } from './notify';

/** Lists the toasts on screen, as the <Toaster> would show them. */
function Visible() {
  const { toasts } = useToasterStore();
  return (
    <ul>
      {toasts
        .filter((t) => t.visible)
        .map((t) => (
          <li key={t.id}>{`${t.type}: ${String(t.message)}`}</li>
        ))}
    </ul>
  );
}

const visible = () => screen.queryAllByRole('listitem').map((li) => li.textContent);
const HINT = 'Add this portal to your Home Screen to get notifications';

describe('notify across screen changes', () => {
  it('drops an info or error toast raised on a screen left before it showed', async () => {
    render(<Visible />);
    notify.info('Pick a store first');
    notify.error('Invalid or expired OTP');
    notify.screenChanged();
    notify.success('Saved');
    await screen.findByText('success: Saved');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(visible()).toEqual(['success: Saved']);
  });

  it('shows a notice and a success raised just before the screen changed', async () => {
    render(<Visible />);
    notify.notice(HINT);
    notify.success('OTP sent successfully');
    notify.screenChanged();
    await screen.findByText(`blank: ${HINT}`);
    await screen.findByText('success: OTP sent successfully');
  });

  it('dismisses the screen’s info toast on the next screen change, not a notice', async () => {
    render(<Visible />);
    notify.info('Pick a store first');
    notify.notice(HINT);
    await screen.findByText('blank: Pick a store first');
    await screen.findByText(`blank: ${HINT}`);
    notify.screenChanged();
    await expect.poll(visible).toEqual([`blank: ${HINT}`]);
  });
});
