// The profile's Notification settings: a push and an e-mail switch per kind, each saving only what it
// changes; the kinds always e-mailed show a locked switch.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData, STORE, WAREHOUSE } from '../../test/render-app';

const PROFILE = {
  user: { id: 'user-retailer', name: 'Sam Patel', email: 'retailer@demo.test', phone: '15550100002', role: 'retailer' },
  storeDetail: STORE,
  store: { email: 'orders@cornermart.test', zip: '95814' },
  wareHouseDetail: [WAREHOUSE],
};
const PUSH = { message: true, orderStatus: true, signupApproved: true, ticketReply: true, orderReminder: true };
const EMAIL = { message: false, orderStatus: false, orderReminder: false };

describe('notification settings', () => {
  it('switches e-mail on for one kind and push off for another, sending only that switch', async () => {
    let answer = { push: PUSH, email: EMAIL };
    const { calls } = mockApi({
      'GET /retailer/profile': ok(PROFILE),
      'GET /retailer/notificationPreferences': () => ok(answer),
      'PUT /retailer/notificationPreferences': (sent) => {
        const body = sent as { push?: Partial<typeof PUSH>; email?: Partial<typeof EMAIL> };
        answer = { push: { ...answer.push, ...body.push }, email: { ...answer.email, ...body.email } };
        return ok(answer, 'Notification settings saved');
      },
    });
    const { user } = renderApp('/retailer/profile', { signedInAs: signInData('retailer') });
    const section = await screen.findByRole('region', { name: 'Notification settings' });
    const byEmail = await within(section).findByRole('switch', { name: 'Order status changes by e-mail' });
    expect(byEmail).not.toBeChecked();
    const always = within(section).getByRole('switch', { name: 'Replies to your support tickets by e-mail (always sent)' });
    expect(always).toBeChecked();
    expect(always).toBeDisabled();

    await user.click(byEmail);
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(within(section).getByRole('switch', { name: 'Order status changes by e-mail' })).toBeChecked();
    await user.click(within(section).getByRole('switch', { name: 'Reminders to order by push' }));
    expect(calls.filter((c) => c.key === 'PUT /retailer/notificationPreferences').map((c) => c.body)).toEqual([
      { email: { orderStatus: true } },
      { push: { orderReminder: false } },
    ]);
  });
});
