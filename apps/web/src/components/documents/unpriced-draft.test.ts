import { describe, expect, it } from 'vitest';
import { ZDeliveryNoteInput, type TDeliveryNoteInput, type TProblem } from '@tagstock/contract';
import type { QueryError } from '../../app/base-api';
import {
  emptyUnpricedLine,
  headerOf,
  unpricedDraft,
  unpricedLineOf,
  validateUnpricedLine,
  type UnpricedLine,
} from './unpriced-draft';

const EPC_1 = '30340242201D8C4000000001';
const EPC_2 = '30340242201D8C4000000002';

type Header = { customerId: string; plannedDate: string };
const kit = unpricedDraft<Header, TDeliveryNoteInput>({
  schema: ZDeliveryNoteInput,
  header: (h) => ({ customerId: Number(h.customerId || Number.NaN), plannedDate: h.plannedDate }),
  required: { customerId: 'outputs.validation.selectCustomer' },
});
const line = (patch: Partial<UnpricedLine>): UnpricedLine => ({ ...emptyUnpricedLine(), ...patch });

describe('unpriced lines', () => {
  it('read a saved line (its id kept) and a line taken from another document (no id, no EPCs)', () => {
    const saved = { id: 5, articleId: 7, reference: 'A', designation: 'a', quantity: 2, epcs: [EPC_1, EPC_2] };
    expect(unpricedLineOf(saved)).toMatchObject({
      itemId: 7,
      itemLabel: 'A — a',
      quantity: '2',
      epcs: `${EPC_1}\n${EPC_2}`,
      lineId: 5,
    });
    const taken = unpricedLineOf({ articleId: 8, reference: 'B', designation: 'b', quantity: 3 });
    expect(taken).toMatchObject({ itemId: 8, quantity: '3', epcs: '' });
    expect(taken).not.toHaveProperty('lineId');
  });

  it('write a header of text fields from the document, empty for a new one', () => {
    const fields = ['customerId', 'notes'] as const;
    expect(headerOf(fields, { customerId: 4, notes: null })).toEqual({ customerId: '4', notes: '' });
    expect(headerOf(fields, null)).toEqual({ customerId: '', notes: '' });
  });

  it('send the lines without blank rows, the errors by the row and field the user sees', () => {
    const draft = {
      header: { customerId: '', plannedDate: '2026-03-15' },
      lines: [
        line({ itemId: 7, quantity: '1', epcs: `${EPC_1}\n${EPC_2}` }),
        emptyUnpricedLine(),
        line({ itemId: 8, quantity: '2', epcs: 'NOT-AN-EPC' }),
      ],
    };
    const { body, errors } = kit.validateDraft(draft);
    expect(body.lines).toEqual([
      { articleId: 7, quantity: 1, epcs: [EPC_1, EPC_2] },
      { articleId: 8, quantity: 2, epcs: ['NOT-AN-EPC'] },
    ]);
    expect(errors).toEqual({
      customerId: 'outputs.validation.selectCustomer',
      'lines.0.epcs': 'outputs.lineErrors.tooManyEpcs',
      'lines.2.epcs': 'validation.epc',
    });
    expect(validateUnpricedLine(line({ quantity: '1' }))).toEqual({
      articleId: 'purchaseOrders.validation.selectArticle',
    });
  });

  it('put the server’s field errors on the editor’s rows', () => {
    const refused: QueryError = {
      status: 400,
      problem: {
        type: 'about:blank',
        title: 'unknown_reference',
        status: 400,
        code: 'unknown_reference',
        errors: [{ field: 'lines.1.articleId', message: 'no such article', code: 'not_found' }],
      } satisfies TProblem,
    };
    const draft = {
      header: { customerId: '4', plannedDate: '2026-03-15' },
      lines: [line({ itemId: 7 }), emptyUnpricedLine(), line({ itemId: 99 })],
    };
    expect(kit.serverErrors(refused, draft)).toEqual({
      'lines.2.articleId': 'purchaseOrders.validation.selectArticle',
    });
  });
});
