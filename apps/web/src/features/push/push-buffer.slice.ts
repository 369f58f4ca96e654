// The push fallback buffer (spec §3): the last 50 pushes received while the portal was open (title,
// body, timestamp), newest first. Not persisted; emptied with the other stores on logout.
import { PUSH_FALLBACK_BUFFER } from '@portal/shared/notifications/push-display';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetStores } from '../../app/reset';

export interface BufferedPush {
  title: string;
  body: string;
  timestamp: string;
}

export interface PushBufferState {
  items: BufferedPush[];
}

const initialState: PushBufferState = { items: [] };

const pushBufferSlice = createSlice({
  name: 'pushBuffer',
  initialState,
  reducers: {
    pushReceived(state, action: PayloadAction<BufferedPush>) {
      state.items.unshift(action.payload);
      if (state.items.length > PUSH_FALLBACK_BUFFER) state.items.length = PUSH_FALLBACK_BUFFER;
    },
    pushBufferCleared() {
      return initialState;
    },
  },
  extraReducers: (b) => b.addCase(resetStores, () => initialState),
});

export const { pushReceived, pushBufferCleared } = pushBufferSlice.actions;
export const pushBufferReducer = pushBufferSlice.reducer;
