/**
 * Date-time inputs of the editor read and write Asia/Bangkok wall time. Bangkok keeps UTC+7 all
 * year (no daylight saving), so a fixed offset converts both ways.
 */
const OFFSET_MS = 7 * 60 * 60 * 1000;

/** ISO instant → the `YYYY-MM-DDTHH:mm` a datetime-local input shows, in Bangkok. */
export function toBangkokInput(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Bangkok wall time → ISO instant ('' when empty or invalid). */
export function fromBangkokInput(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  const time = Date.parse(`${local}:00+07:00`);
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}
