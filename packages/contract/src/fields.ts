import { z } from 'zod';

// Field builders shared by the resource schemas.
export const text = (max = 200) => z.string().trim().max(max);
export const required = (max = 200) => z.string().trim().min(1, 'required').max(max);
export const optionalText = (max = 200) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
export const optionalEmail = z
  .union([z.literal(''), z.string().trim().toLowerCase().email().max(254)])
  .nullish()
  .transform((v) => (v ? v : null));
export const optionalId = z.coerce
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);
export const stamp = { createdAt: z.string(), updatedAt: z.string() };
