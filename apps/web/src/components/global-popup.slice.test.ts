import { describe, expect, it } from 'vitest';
import { closePopup, openPopup, popupReducer } from './global-popup.slice';

describe('global popup', () => {
  it('defaults the title to Notification and the button to OK', () => {
    expect(popupReducer(undefined, openPopup({ message: 'Hello' }))).toEqual({
      isOpen: true,
      title: 'Notification',
      message: 'Hello',
      buttonText: 'OK',
      customerId: null,
    });
  });

  it('carries a title, button and customer id, and closes back to the defaults', () => {
    const open = popupReducer(
      undefined,
      openPopup({
        title: 'Customer Context Changed',
        message: 'Customer context changed. Please refresh.',
        buttonText: 'OK',
        customerId: '10002',
      }),
    );
    expect(open).toMatchObject({ isOpen: true, title: 'Customer Context Changed', customerId: '10002' });
    expect(popupReducer(open, closePopup())).toEqual({
      isOpen: false,
      title: 'Notification',
      message: '',
      buttonText: 'OK',
      customerId: null,
    });
  });
});
