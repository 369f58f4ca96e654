// Modal dialog presets (spec §2 "Dialogs and other screens").
export const MODAL_WIDTHS = { xs: 300, sm: 400, md: 500, lg: 700, xl: 900, xxl: 1200 } as const;
export type ModalSize = keyof typeof MODAL_WIDTHS;
export const MODAL_DEFAULT_SIZE: ModalSize = 'md';
export const MODAL_MAX_WIDTH = '95vw';
export const MODAL_MIN_WIDTH = 280;
export const MODAL_MAX_HEIGHT = '90vh';
export const MODAL_TRANSITION_MS = 300;
