import { StockScreen } from './equipment-stock.tsx';

/** /pods: pods with barcode codes, booked and loaded on jobs (issue #8). */
export function PodsScreen() {
  return <StockScreen kind="pods" />;
}
