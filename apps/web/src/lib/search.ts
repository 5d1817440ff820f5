import { createStore } from './store.ts';

/**
 * The top-bar search text. Screens that search read it; the shell clears it on every route change
 * (spec §2) and the barcode scan fills it. Global search itself comes with the settings issue.
 */
export const searchStore = createStore('');
