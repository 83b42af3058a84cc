import { describe, expect, it } from 'vitest';
import type { TOutput, TProblem } from '@tagstock/contract';
import type { QueryError } from '../../app/base-api';
import {
  emptyUnpricedLine as emptyLine,
  validateUnpricedLine as validateLine,
} from '../../components/documents/unpriced-draft';
import { draftOf, inputOf, newDraft, serverErrors, validateDraft, validationErrors, type OutputDraft } from './draft';

const EPC_1 = '30340242201D8C4000000001';
const EPC_2 = '30340242201D8C4000000002';

const filled = (): OutputDraft => ({
  header: { reasonId: '4', outputDate: '2026-03-15', recipient: 'customer', recipientId: '9', notes: ' ' },
  lines: [
    { ...emptyLine(), itemId: 7, itemLabel: 'A — a', quantity: '2', epcs: ` ${EPC_1.toLowerCase()}\n\n${EPC_2}\n` },
    emptyLine(),
    { ...emptyLine(), itemId: 8, itemLabel: 'B — b', quantity: '3' },
  ],
});

const problem = (code: string, errors: NonNullable<TProblem['errors']>): QueryError => ({
  status: code === 'unknown_reference' ? 400 : 409,
  problem: { type: 'about:blank', title: code, status: 409, code, errors },
});

describe('an output draft', () => {
  it('sends one recipient, the EPCs one per row, and leaves blank rows out', () => {
    const { body, positions } = inputOf(filled());
    expect(positions).toEqual([0, 2]);
    expect(body).toEqual({
      reasonId: 4,
      outputDate: '2026-03-15',
      consumerId: null,
      customerId: 9,
      notes: null,
      lines: [
        { articleId: 7, quantity: 2, epcs: [EPC_1.toLowerCase(), EPC_2] },
        { articleId: 8, quantity: 3, epcs: [] },
      ],
    });
    expect(validateDraft(filled()).errors).toEqual({});
  });

  it('says which reason, recipient and line field is missing or wrong, by the row and field the user sees', () => {
    const draft = newDraft('2026-03-15');
    draft.header.recipient = 'consumer';
    draft.lines = [
      { ...emptyLine(), itemId: 7, itemLabel: 'A — a', quantity: '1', epcs: `${EPC_1}\n${EPC_2}` },
      { ...emptyLine(), itemId: 8, itemLabel: 'B — b', quantity: '1', epcs: 'NOT-AN-EPC' },
    ];
    expect(validateDraft(draft).errors).toEqual({
      reasonId: 'outputs.validation.selectReason',
      recipientId: 'outputs.validation.selectConsumer',
      'lines.0.epcs': 'outputs.lineErrors.tooManyEpcs',
      'lines.1.epcs': 'validation.epc',
    });
    expect(validateLine({ ...emptyLine(), quantity: '1' })).toEqual({
      articleId: 'purchaseOrders.validation.selectArticle',
    });
    expect(validateLine({ ...emptyLine(), itemId: 7, quantity: '1', epcs: `${EPC_1} ${EPC_2}` })).toEqual({
      epcs: 'outputs.lineErrors.tooManyEpcs',
    });
  });

  it('puts the server’s refusals on the line of the EPC or the article concerned', () => {
    const refused = problem('unknown_reference', [
      { field: 'lines.1.epcs', message: `${EPC_2} is not a known tag`, code: 'not_found' },
      { field: 'lines.0.epcs', message: `${EPC_1} given twice`, code: 'invalid' },
    ]);
    // Body line 1 is editor row 2 (row 1 is blank).
    expect(serverErrors(refused, filled())).toEqual({
      'lines.2.epcs': 'outputs.lineErrors.unknownEpc',
      'lines.0.epcs': 'outputs.lineErrors.epcTwice',
    });
    const output = {
      lines: [
        { id: 1, position: 1, articleId: 7, reference: 'A', designation: 'a', quantity: 2, epcs: [EPC_1] },
        { id: 2, position: 2, articleId: 8, reference: 'B', designation: 'b', quantity: 3, epcs: [EPC_2] },
      ],
    } satisfies Pick<TOutput, 'lines'>;
    expect(
      validationErrors(
        problem('insufficient_stock', [{ field: 'changes.1', message: 'article 8 has 1', code: 'insufficient_stock' }]),
        output,
      ),
    ).toEqual({ 'lines.1.quantity': 'outputs.lineErrors.insufficientStock' });
    expect(
      validationErrors(problem('epc_not_in_stock', [{ field: 'epcs', message: EPC_2, code: 'already_used' }]), output),
    ).toEqual({ 'lines.1.epcs': 'outputs.lineErrors.epcNotInStock' });
  });

  it('edits a saved output as it was written', () => {
    const draft = draftOf({
      reasonId: 4,
      outputDate: '2026-03-15',
      consumerId: 5,
      customerId: null,
      notes: null,
      lines: [
        { id: 1, position: 1, articleId: 7, reference: 'A', designation: 'a', quantity: 2, epcs: [EPC_1, EPC_2] },
      ],
    } as TOutput);
    expect(draft.header).toEqual({
      reasonId: '4',
      outputDate: '2026-03-15',
      recipient: 'consumer',
      recipientId: '5',
      notes: '',
    });
    expect(draft.lines[0]).toMatchObject({ itemId: 7, itemLabel: 'A — a', quantity: '2', epcs: `${EPC_1}\n${EPC_2}` });
  });
});
