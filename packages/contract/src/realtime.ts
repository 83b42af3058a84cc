import { z } from 'zod';

export const ZJoinRoom = z.string().regex(/^\d+$/);

/**
 * Why an exit at a gate was (not) authorized, for the web to say in the user's language: `authorized`
 * (`by`: the authorizer, `cover`: what covered it), `not_covered` (`missing`: the authorizers that found
 * nothing, in order) or `no_alarm` (`family`: the tag family that raises none).
 */
export const EXIT_REASON_CODES = ['authorized', 'not_covered', 'no_alarm'] as const;
export const ZExitReason = z.object({
  code: z.enum(EXIT_REASON_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
});
export type TExitReason = z.infer<typeof ZExitReason>;

/** Stock notification pushed to a tenant room after a tag movement is recorded. */
export const ZSendNotification = z.object({
  result: z.object({ totalQuantity: z.number(), totalValorization: z.number() }),
  isAuthorized: z.boolean(),
  authorizationMessage: z.string().nullable(),
  /** The same reason as a code and parameters (absent from older servers). */
  authorizationReason: ZExitReason.nullable().optional(),
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
