import { StockScreen } from './equipment-stock.tsx';

/** /equipments: equipment with barcode codes, found by scanning (issue #8). */
export function EquipmentsScreen() {
  return <StockScreen kind="equipments" />;
}
