// A filter of several values travels as one comma list (in the address and the query string).
// Apart from the filter fields, so a list that reads its filters does not load the pickers.

/** The values of a comma list ('' or undefined: none). */
export const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A comma list of these values, undefined for none. */
export const listParamOf = (values: readonly string[]): string | undefined =>
  values.length > 0 ? [...new Set(values)].join(',') : undefined;
