import { z } from 'zod';
import { ZListQuery } from './common';
import {
  documentKind,
  nextStatuses,
  ZStatusChangeBody,
  ZUnpricedLine,
  ZUnpricedLineInput,
  ZUnpricedLinesInput,
  type TDocumentTransition,
} from './documents';
import { id, isoDate, optionalId, optionalText, stamp } from './fields';

/**
 * Stock outputs (sorties, SPEC `motifs`): stock that leaves for another reason than a sale, with one of the
 * tenant's reasons, to a consumer, a customer or nobody in particular. Draft → Validated (the stock goes out,
 * the listed tags may leave through a gate for 24 hours) → Canceled (a return: the stock comes back).
 */
export const OUTPUT_STATUSES = ['draft', 'validated', 'canceled'] as const;
export const ZOutputStatus = z.enum(OUTPUT_STATUSES);
export type TOutputStatus = z.infer<typeof ZOutputStatus>;
export const OUTPUT_KIND = documentKind({
  name: 'outputs',
  resource: 'outputs',
  entity: 'output',
  statuses: OUTPUT_STATUSES,
});

/** How long a validated output authorizes its tags to leave through a gate. */
export const OUTPUT_EXIT_HOURS = 24;

export const ZOutputLineInput = ZUnpricedLineInput;

export const ZOutputInput = z
  .strictObject({
    reasonId: id(),
    outputDate: isoDate(),
    /** Who receives the items: a consumer (an attribution holder) or a customer, or neither. */
    consumerId: optionalId,
    customerId: optionalId,
    notes: optionalText(2000),
    lines: ZUnpricedLinesInput,
  })
  .superRefine((output, ctx) => {
    if (output.consumerId && output.customerId)
      ctx.addIssue({
        code: 'custom',
        path: ['customerId'],
        message: 'an output goes to a consumer or to a customer, not both',
        params: { code: 'one_recipient' },
      });
  });
export type TOutputInput = z.input<typeof ZOutputInput>;

export const ZOutputLine = ZUnpricedLine;
export type TOutputLine = z.infer<typeof ZOutputLine>;

export const ZOutputSummary = z.object({
  id: z.number().int(),
  /** Given when the output is validated (BS series); a draft has none. */
  number: z.string().nullable(),
  reasonId: z.number().int(),
  reasonLabel: z.string(),
  outputDate: z.string(),
  consumerId: z.number().int().nullable(),
  consumerName: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  status: ZOutputStatus,
  lineCount: z.number().int(),
  units: z.number().int(),
  epcCount: z.number().int(),
  validatedAt: z.string().nullable(),
  ...stamp,
});
export type TOutputSummary = z.infer<typeof ZOutputSummary>;

export const ZOutput = ZOutputSummary.extend({
  notes: z.string().nullable(),
  lines: z.array(ZOutputLine),
  createdByName: z.string().nullable(),
  /** Until when the listed tags may leave through a gate (validated outputs with EPCs). */
  exitAuthorizedUntil: z.string().nullable(),
});
export type TOutput = z.infer<typeof ZOutput>;

export const ZOutputListQuery = ZListQuery.extend({
  status: ZOutputStatus.optional(),
  reasonId: id().optional(),
  consumerId: id().optional(),
  customerId: id().optional(),
  articleId: id().optional(),
});
export type TOutputListQuery = z.infer<typeof ZOutputListQuery>;

/** What the rules of a change of status look at. */
export type TOutputState = { lineCount: number };
export type TOutputRefusal = 'no_lines';

/** Draft → Validated (with lines); Validated → Canceled (a return). A draft is deleted, not canceled. */
export const OUTPUT_TRANSITIONS: readonly TDocumentTransition<TOutputStatus, TOutputState, TOutputRefusal>[] = [
  { from: 'draft', to: 'validated', refuse: (o) => (o.lineCount === 0 ? 'no_lines' : null) },
  { from: 'validated', to: 'canceled' },
];

export const outputNextStatuses = (output: TOutputState & { status: TOutputStatus }) =>
  nextStatuses(OUTPUT_TRANSITIONS, output);

export const ZOutputStatusChange = ZStatusChangeBody(['validated', 'canceled'] as const);
export type TOutputStatusChange = z.infer<typeof ZOutputStatusChange>;

// Dashboard (SPEC state group `motifs`)
/** Outputs validated (not canceled) per customer and reason, all time: the reasons each customer's outputs used. */
export const ZMotifsByClient = z.array(
  z.object({
    customerId: z.number().int(),
    customerName: z.string(),
    reasonId: z.number().int(),
    reasonLabel: z.string(),
    outputs: z.number().int(),
    units: z.number().int(),
  }),
);
export type TMotifsByClient = z.infer<typeof ZMotifsByClient>;

/** Outputs validated (not canceled) of a period, per reason. */
export const ZMotifsOverview = z.object({
  startDate: z.string(),
  endDate: z.string(),
  outputs: z.number().int(),
  units: z.number().int(),
  byReason: z.array(
    z.object({
      reasonId: z.number().int(),
      reasonLabel: z.string(),
      outputs: z.number().int(),
      units: z.number().int(),
    }),
  ),
});
export type TMotifsOverview = z.infer<typeof ZMotifsOverview>;
