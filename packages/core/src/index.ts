export * from './time/calendar.ts';
