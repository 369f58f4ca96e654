// The session restore's path, without RTK: the page's early requests (app/early-requests.ts) ask for it too.
export const PROFILE_PATH = '/auth/profile';
