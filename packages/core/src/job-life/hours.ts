/**
 * Seconds as the spec's hours format (scheduling core §7): hours plus minutes/100 with 2
 * decimals — 7 h 30 min → "7.30", 45 min → "0.45", 10 h 5 min → "10.05". Seconds are dropped.
 */
export function formatHoursHmm(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  return `${Math.floor(minutes / 60)}.${String(minutes % 60).padStart(2, '0')}`;
}
