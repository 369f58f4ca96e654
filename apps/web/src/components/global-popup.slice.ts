// Global notification popup (spec §3): title defaults to Notification, button to OK.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetStores } from '../app/reset';

export interface PopupState {
  isOpen: boolean;
  title: string;
  message: string;
  buttonText: string;
  customerId: string | null;
}

export const initialPopup: PopupState = { isOpen: false, title: 'Notification', message: '', buttonText: 'OK', customerId: null };

const popupSlice = createSlice({
  name: 'popup',
  initialState: initialPopup,
  reducers: {
    openPopup(
      _state,
      action: PayloadAction<{ message: string; title?: string; buttonText?: string; customerId?: string | null }>,
    ) {
      const { message, title, buttonText, customerId } = action.payload;
      return {
        isOpen: true,
        message,
        title: title ?? initialPopup.title,
        buttonText: buttonText ?? initialPopup.buttonText,
        customerId: customerId ?? null,
      };
    },
    closePopup: () => initialPopup,
  },
  extraReducers: (builder) => builder.addCase(resetStores, () => initialPopup),
});

export const { openPopup, closePopup } = popupSlice.actions;
export const popupReducer = popupSlice.reducer;
