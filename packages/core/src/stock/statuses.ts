/**
 * The statuses of equipments and pods (issue #8). A pod booked, loaded or delivered is on a job;
 * an available one on none. Kept apart from the API's schemas so the screens' select lists take
 * them without zod.
 */
export const EQUIPMENT_STATUSES = ['available', 'in_use', 'maintenance', 'retired'] as const;
export const POD_STATUSES = ['available', 'booked', 'loaded', 'delivered'] as const;
export type StockStatus = (typeof EQUIPMENT_STATUSES)[number] | (typeof POD_STATUSES)[number];
