// Entry of /early-requests.js, which index.html runs before the app's scripts (app/early-requests.ts).
import { sendEarlyRequests } from './app/early-requests';

sendEarlyRequests(window.location);
