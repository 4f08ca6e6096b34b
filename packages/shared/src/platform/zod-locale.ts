import { z } from 'zod';

/** Messages of rules that carry no message of their own come out in Vietnamese. */
export function useVietnameseValidation() {
  z.config(z.locales.vi());
}
