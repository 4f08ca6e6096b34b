import { z } from 'zod';

/** GET /v2/cities: a province or city, identified by its code. */
export const cityView = z.object({ _id: z.string(), code: z.string(), name: z.string() });
export type City = z.infer<typeof cityView>;

/** GET /v2/districts */
export const districtsQuery = z.object({
  city_id: z.string().trim().min(1, 'Vui lòng chọn tỉnh/thành phố').max(10),
});

export const districtView = z.object({
  _id: z.string(),
  code: z.string(),
  city_id: z.string(),
  name: z.string(),
});
export type District = z.infer<typeof districtView>;
