/** An enumeration whose values are fixed by the spec, each with the Vietnamese label users see. */
export interface Labelled<T extends string | number> {
  readonly values: readonly T[];
  readonly labels: Readonly<Record<T, string>>;
  label(value: T | string | number | null | undefined): string;
  is(value: unknown): value is T;
  options(): { value: T; label: string }[];
}

export function labelled<const T extends string | number>(labels: Record<T, string>): Labelled<T> {
  // Object keys are strings; numeric codes (tiers, device types) come back as numbers.
  const values = Object.keys(labels).map((key) => (/^\d+$/.test(key) ? Number(key) : key)) as T[];
  const set = new Set<unknown>(values);
  return {
    values,
    labels,
    label: (value) => (set.has(value) ? labels[value as T] : String(value ?? '')),
    is: (value): value is T => set.has(value),
    options: () => values.map((value) => ({ value, label: labels[value] })),
  };
}
