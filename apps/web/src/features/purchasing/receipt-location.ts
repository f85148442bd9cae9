/**
 * The location a new goods receipt starts with: where this order's last receipt went (the rest of
 * a delivery usually goes to the same shelf), else the first active storage location, else the
 * first active one. Production, scrap and transit locations are offered but never preselected
 * while a storage location exists.
 */
export function defaultReceiptLocation(
  locations: readonly { id: string; type: string; active: boolean }[],
  receipts: readonly { location_id: string; status: string; created_at: string }[],
): string {
  const active = locations.filter((l) => l.active);
  const last = [...receipts]
    .filter((r) => r.status === 'posted')
    .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  if (last && active.some((l) => l.id === last.location_id)) return last.location_id;
  return (active.find((l) => l.type === 'storage') ?? active[0])?.id ?? '';
}
