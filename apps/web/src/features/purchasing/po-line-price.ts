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
