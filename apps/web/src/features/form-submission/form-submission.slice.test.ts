import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { resetStores } from '../../app/reset';
import { FORM_SUBMIT_DELAY_MS, formSubmissionReducer, submitForm } from './form-submission.slice';

describe('form submission', () => {
  it('waits 1 s, returns its input, appends it and sets the success message', async () => {
    vi.useFakeTimers();
    const store = configureStore({ reducer: { formSubmission: formSubmissionReducer } });
    const pending = store.dispatch(submitForm({ name: 'Ana' }));
    expect(store.getState().formSubmission).toEqual({ data: [], submitting: true, message: null, error: null });
    await vi.advanceTimersByTimeAsync(FORM_SUBMIT_DELAY_MS - 1);
    expect(store.getState().formSubmission.submitting).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).payload).toEqual({ name: 'Ana' });
    expect(store.getState().formSubmission).toEqual({
      data: [{ name: 'Ana' }],
      submitting: false,
      message: 'Form submitted successfully!',
      error: null,
    });
    vi.useRealTimers();
    store.dispatch(resetStores());
    expect(store.getState().formSubmission.data).toEqual([]);
  });

  it('stores the failure text on rejection', () => {
    const state = formSubmissionReducer(
      { data: [], submitting: true, message: null, error: null },
      { type: submitForm.rejected.type, payload: 'Failed to submit form. Please try again later.' },
    );
    expect(state).toEqual({
      data: [],
      submitting: false,
      message: null,
      error: 'Failed to submit form. Please try again later.',
    });
  });
});
