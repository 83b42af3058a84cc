import { PDFDocument } from 'pdf-lib';
import type { TLifecycleCode, TLifecycleReasonCode } from '@tagstock/contract';
import { cdarXml } from '../../../apps/api/src/platform/facturx/cdar';

/*
 * Files to feed the simulator in tests: a small Factur-X PDF (a CII invoice attached as factur-x.xml; not a
 * valid EN 16931 invoice, only what the platform routes on), and a status message (CDAR) from the buyer.
 */

export type FixtureInvoice = {
  number: string;
  /** yyyy-mm-dd */
  issueDate?: string;
  typeCode?: string;
  seller: { siren: string; name: string };
  buyer: { siren: string; name: string };
  /** Put the buyer's SIREN in BT-49 (electronic address) only, not in BT-47. */
  buyerByAddressOnly?: boolean;
};

const esc = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

export function ciiXml(invoice: FixtureInvoice): string {
  const day = (invoice.issueDate ?? '2026-09-15').replaceAll('-', '');
  const buyerLegal = invoice.buyerByAddressOnly
    ? ''
    : `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${invoice.buyer.siren}</ram:ID></ram:SpecifiedLegalOrganization>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${esc(invoice.number)}</ram:ID>
    <ram:TypeCode>${invoice.typeCode ?? '380'}</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${day}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>${esc(invoice.seller.name)}</ram:Name>
        <ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${invoice.seller.siren}</ram:ID></ram:SpecifiedLegalOrganization>
        <ram:URIUniversalCommunication><ram:URIID schemeID="0225">${invoice.seller.siren}</ram:URIID></ram:URIUniversalCommunication>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>${esc(invoice.buyer.name)}</ram:Name>
        ${buyerLegal}
        <ram:URIUniversalCommunication><ram:URIID schemeID="0225">${invoice.buyer.siren}</ram:URIID></ram:URIUniversalCommunication>
      </ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

export async function facturXPdf(invoice: FixtureInvoice): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText(invoice.number, { x: 20, y: 100, size: 12 });
  await doc.attach(Buffer.from(ciiXml(invoice), 'utf8'), 'factur-x.xml', {
    mimeType: 'text/xml',
    description: 'Factur-X invoice',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A status the buyer sends about an invoice (204–208, 210, 211). */
export function buyerStatus(
  invoice: FixtureInvoice,
  code: TLifecycleCode,
  reasonCode?: TLifecycleReasonCode,
  note?: string,
): Buffer {
  return Buffer.from(
    cdarXml({
      id: `${invoice.number}_${code}_${Date.now()}`,
      issuedAt: new Date(),
      code,
      reasonCode: reasonCode ?? null,
      note: note ?? null,
      invoice: {
        number: invoice.number,
        issueDate: invoice.issueDate ?? '2026-09-15',
        typeCode: invoice.typeCode ?? '380',
        seller: invoice.seller,
        buyer: invoice.buyer,
      },
    }),
    'utf8',
  );
}
