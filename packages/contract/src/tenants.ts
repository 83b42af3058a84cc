import { z } from 'zod';

export const ZTenant = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  userCount: z.number().int(),
});
export type TTenant = z.infer<typeof ZTenant>;
