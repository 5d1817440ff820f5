import { createStore } from './store.ts';

/**
 * The top-bar search text. Screens that search read it; the shell clears it on every route change
 * (spec §2) and the barcode scan fills it. Apart from the search itself (./search.ts), which the
 * shell's first load does without.
 */
export const searchStore = createStore('');
