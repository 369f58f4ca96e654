// Form submission store and its submit action (spec §4): the action waits 1 s and returns its input.
// A feature whose form goes to the server registers a sender for the form's name (`form` field):
// the action then sends it instead of waiting, with the same pending/fulfilled/rejected states.
import { createAsyncThunk, createSlice, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { resetStores } from '../../app/reset';

export const FORM_SUBMIT_DELAY_MS = 1000;
export const FORM_SUBMIT_FAILED = 'Failed to submit form. Please try again later.';
export const FORM_SUBMITTED = 'Form submitted successfully!';

export type SubmittedForm = Record<string, unknown>;

export interface FormSubmissionState {
  data: SubmittedForm[];
  submitting: boolean;
  message: string | null;
  error: string | null;
}

const initialState: FormSubmissionState = { data: [], submitting: false, message: null, error: null };

export type FormSender = (form: SubmittedForm, dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => Promise<void>;
const senders = new Map<string, FormSender>();
/** Registers where the form named `form` is sent (registering the same name again replaces it). */
export function setFormSender(form: string, send: FormSender): void {
  senders.set(form, send);
}
/** Thrown by a sender when the user should see its text (a server's field or rate-limit message) instead of FORM_SUBMIT_FAILED. */
export class FormRefused extends Error {}

export const submitForm = createAsyncThunk<SubmittedForm, SubmittedForm, { rejectValue: string }>(
  'formSubmission/submit',
  async (form, { rejectWithValue, dispatch }) => {
    try {
      const send = typeof form.form === 'string' ? senders.get(form.form) : undefined;
      if (send) await send(form, dispatch);
      else await new Promise((resolve) => setTimeout(resolve, FORM_SUBMIT_DELAY_MS));
      return form;
    } catch (err) {
      return rejectWithValue(err instanceof FormRefused && err.message ? err.message : FORM_SUBMIT_FAILED);
    }
  },
);

const formSubmissionSlice = createSlice({
  name: 'formSubmission',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(submitForm.pending, (state) => {
        state.submitting = true;
        state.message = null;
        state.error = null;
      })
      .addCase(submitForm.fulfilled, (state, action) => {
        state.submitting = false;
        state.data.push(action.payload);
        state.message = FORM_SUBMITTED;
      })
      .addCase(submitForm.rejected, (state, action) => {
        state.submitting = false;
        state.error = action.payload ?? FORM_SUBMIT_FAILED;
      })
      .addCase(resetStores, () => initialState),
});

export const formSubmissionReducer = formSubmissionSlice.reducer;
