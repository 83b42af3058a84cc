import { z } from 'zod';

export const ZTenant = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  userCount: z.number().int(),
  /** Natural-language report questions a month (the super admin sets it), and those asked this month. */
  reportTriesLimit: z.number().int(),
  reportTriesUsed: z.number().int(),
});
export type TTenant = z.infer<typeof ZTenant>;
