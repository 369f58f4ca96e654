import { describe, expect, it } from 'vitest';
import { goBackStep, navigationStepReducer, resetStep, setStep } from './navigation-step.slice';

describe('navigation step', () => {
  it('starts on dashboard, records the previous step, swaps on go back and resets', () => {
    let s = navigationStepReducer(undefined, { type: 'init' });
    expect(s).toEqual({ activeStep: 'dashboard', previousStep: null });
    s = navigationStepReducer(s, setStep('cart'));
    expect(s).toEqual({ activeStep: 'cart', previousStep: 'dashboard' });
    s = navigationStepReducer(s, goBackStep());
    expect(s).toEqual({ activeStep: 'dashboard', previousStep: 'cart' });
    s = navigationStepReducer(s, resetStep());
    expect(s).toEqual({ activeStep: 'dashboard', previousStep: null });
  });
});
