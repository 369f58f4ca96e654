// Navigation step state (spec §2): active step (initially dashboard) and the previous one.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetStores } from '../../app/reset';

export interface NavigationStepState {
  activeStep: string;
  previousStep: string | null;
}

const initialState: NavigationStepState = { activeStep: 'dashboard', previousStep: null };

const navigationStepSlice = createSlice({
  name: 'navigationStep',
  initialState,
  reducers: {
    setStep(state, action: PayloadAction<string>) {
      state.previousStep = state.activeStep;
      state.activeStep = action.payload;
    },
    goBackStep(state) {
      if (state.previousStep === null) return;
      [state.activeStep, state.previousStep] = [state.previousStep, state.activeStep];
    },
    resetStep: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(resetStores, () => initialState),
});

export const { setStep, goBackStep, resetStep } = navigationStepSlice.actions;
export const navigationStepReducer = navigationStepSlice.reducer;
