import { ZProformaInput, type TProforma, type TProformaInput } from '@tagstock/contract';
import { typedId } from '../../components/documents/lines';
import {
  discountBody,
  discountDraftOf,
  noDiscount,
  type DiscountDraft,
} from '../../components/documents/DiscountEditor';
import { emptySalesLine, salesDraft, salesLinesOf, type SalesLine } from '../invoices/sales-draft';

export type ProformaHeader = {
  customerId: string;
  proformaDate: string;
  validUntil: string;
  discount: DiscountDraft;
  notes: string;
};

export type ProformaDraft = { header: ProformaHeader; lines: SalesLine[] };

export const newProformaDraft = (today: string, customerId = ''): ProformaDraft => ({
  header: { customerId, proformaDate: today, validUntil: '', discount: noDiscount(), notes: '' },
  lines: [emptySalesLine()],
});

export const proformaDraftOf = (proforma: TProforma, language: string): ProformaDraft => ({
  header: {
    customerId: String(proforma.customerId),
    proformaDate: proforma.proformaDate,
    validUntil: proforma.validUntil ?? '',
    discount: discountDraftOf(proforma.discount, language),
    notes: proforma.notes ?? '',
  },
  lines: salesLinesOf(proforma.lines, language),
});

/** The body the API takes; no amount is computed here (the server totals the proforma). */
export const proformaKit = salesDraft<ProformaHeader, TProformaInput>(ZProformaInput, (header) => ({
  customerId: typedId(header.customerId),
  proformaDate: header.proformaDate,
  validUntil: header.validUntil || null,
  discount: discountBody(header.discount),
  notes: header.notes.trim() || null,
}));
