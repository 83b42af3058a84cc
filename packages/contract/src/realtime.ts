import { z } from 'zod';

export const ZJoinRoom = z.string().regex(/^\d+$/);

/** Stock notification pushed to a tenant room after a tag movement is recorded. */
export const ZSendNotification = z.object({
  result: z.object({ totalQuantity: z.number(), totalValorization: z.number() }),
  isAuthorized: z.boolean(),
  authorizationMessage: z.string().nullable(),
  updatedArticle: z.object({ id: z.number().int(), Designation: z.string() }).nullable(),
  newTagMouvement: z
    .object({
      id: z.number().int(),
      eventType: z.string(),
      Reader: z.object({ id: z.number().int(), name: z.string(), emplacement: z.string() }),
    })
    .nullable(),
});
export type TSendNotification = z.infer<typeof ZSendNotification>;

export const ZReaderStatusEvent = z.object({
  readerId: z.number().int(),
  name: z.string(),
  emplacement: z.string(),
  at: z.string(),
});
export type TReaderStatusEvent = z.infer<typeof ZReaderStatusEvent>;
