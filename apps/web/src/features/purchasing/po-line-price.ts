import { rescalePrice, unitCodeOf } from '@erp/domain';
import { formatNumberInput, numberInputToApi } from '../../lib/format.ts';

/**
 * The price a new order line starts with: what the order's supplier charges for the item (its
 * supplier item price, per base unit), else the item's purchase price, else what the line had.
 * The same rule drafts orders from low stock on the server.
 */
export function proposedLinePrice(
  item: { id: string; purchase_price: string | null },
  supplierItems: readonly { item_id: string; price: string | null }[] | undefined,
  current: string,
): string {
  const supplied = supplierItems?.find((s) => s.item_id === item.id)?.price;
  return supplied ?? item.purchase_price ?? current;
}

/** An item's units as a purchase line reads them: its base unit and its conversions. */
export type ItemUnits = { base_unit: string; conversions: readonly { unit: string; factor: string }[] };

/** How many base units one `unit` of the item is: 1 for the base unit, its conversion's factor, else null. */
export function unitFactor(units: ItemUnits | undefined, unit: string): string | null {
  if (!units) return null;
  const code = unitCodeOf(unit.trim());
  if (code === units.base_unit) return '1';
  return units.conversions.find((c) => c.unit === code)?.factor ?? null;
}

/**
 * A line whose unit cell now reads `unit`. `price_unit` is the unit its price is in: once the new
 * unit is one of the item's units and differs from it, the price moves through the factors (10 €
 * per m² becomes 72.225 € per 7.2225 m² sheet), so switching the unit does not silently change
 * the value by the factor. A unit being typed (not yet one of the item's) leaves the price alone.
 * Prices are read and written in the language's number format (`lng`, default the current one).
 */
export function withUnit<L extends { unit: string; unit_price: string; price_unit: string }>(
  line: L,
  unit: string,
  units: ItemUnits | undefined,
  lng?: string,
): L {
  const to = unitFactor(units, unit);
  const from = unitFactor(units, line.price_unit);
  const price = numberInputToApi(line.unit_price, lng);
  if (!to || !from || !/^\d+(\.\d+)?$/.test(price)) return { ...line, unit };
  if (unitCodeOf(unit.trim()) === unitCodeOf(line.price_unit.trim())) return { ...line, unit };
  const moved = rescalePrice(price, from, to).toFixed();
  return { ...line, unit, unit_price: formatNumberInput(moved, lng), price_unit: unit };
}

/**
 * A saved order line as the form's inputs show it: quantity and price in the language's format
 * (an API "72.225" put into a Croatian input as it is was read back as 72 225, since "." groups
 * thousands there), the price in the line's unit.
 */
export function orderLineInputs(
  l: { quantity: string; unit: string; unit_price: string },
  lng?: string,
): { quantity: string; unit: string; unit_price: string; price_unit: string } {
  return {
    quantity: formatNumberInput(l.quantity, lng),
    unit: l.unit,
    unit_price: formatNumberInput(l.unit_price, lng),
    price_unit: l.unit,
  };
}
