/**
 * Moved to ./date-picker.tsx (the date picker with its calendar). Kept only for the directory
 * screens that still import it; import from ./date-picker.tsx.
 */
export * from './date-picker.tsx';
