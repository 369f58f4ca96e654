// Form submission store and its submit action (spec §4): the action waits 1 s and returns its input.
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
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

export const submitForm = createAsyncThunk<SubmittedForm, SubmittedForm, { rejectValue: string }>(
  'formSubmission/submit',
  async (form, { rejectWithValue }) => {
    try {
      await new Promise((resolve) => setTimeout(resolve, FORM_SUBMIT_DELAY_MS));
      return form;
    } catch {
      return rejectWithValue(FORM_SUBMIT_FAILED);
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
