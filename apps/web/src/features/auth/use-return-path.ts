// The origin remembered by the route guard (location.state.from), carried through the sign-in steps.
import { useLocation } from 'react-router';

export interface ReturnState {
  from?: string;
}

export function useReturnPath(): string | undefined {
  const state = useLocation().state as ReturnState | null;
  return typeof state?.from === 'string' ? state.from : undefined;
}
