import type { TBuyerMismatchParams, TEinvoiceParty, TNotOursParams } from '@tagstock/contract';
import { compactId, sirenOfVat } from './cii-parse';

/*
 * Is a received invoice addressed to us? Its parties against the tenant's company settings: an invoice whose
 * seller is our company is one we issued (refused: it is no supplier invoice); one whose buyer is another company
 * is kept only once the user confirms it. Identifiers decide when both sides have one: the SIREN (BT-47, or from a
 * French VAT number), then the VAT number (BT-48); one matching is enough. Without any, the names decide, and only
 * when they have no word in common once legal forms and small words are left out ("ODIN 59" against "Démo
 * Distribution"), since the same company is often written differently ("Démo Distribution SAS", "DEMO DISTRIBUTION").
 */

/** Our company as its settings name it. */
export type OwnCompany = { name: string | null; siren: string | null; vatNumber: string | null };

export type PartyCheck =
  | { outcome: 'ours' }
  | { outcome: 'notOurs'; params: TNotOursParams }
  | { outcome: 'otherBuyer'; params: TBuyerMismatchParams };

const digits = (value: string | null | undefined) => {
  const d = (value ?? '').replace(/[^0-9]/g, '');
  return d.length === 9 ? d : null;
};

type Ids = { siren: string | null; vat: string | null };
const idsOf = (party: { siren: string | null; vatNumber: string | null }): Ids => {
  const vat = compactId(party.vatNumber);
  return { siren: digits(party.siren) ?? sirenOfVat(vat), vat };
};

/** Words that say nothing of which company it is. */
const NOISE = new Set(
  (
    'sa sas sasu sarl eurl sci snc scop sca selarl ei eirl scp gie cie et de du des la le les l d ' +
    'societe ste ets etablissements groupe group company co the and of ltd limited plc llc inc corp gmbh ag ' +
    'kg bv nv srl spa sl ab as oy aps'
  ).split(' '),
);
const words = (name: string | null) =>
  new Set(
    (name ?? '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w && !NOISE.has(w)),
  );

/** Two names with significant words and none in common. */
export function namesClearlyDiffer(a: string | null, b: string | null): boolean {
  const left = words(a);
  const right = words(b);
  if (!left.size || !right.size) return false;
  return ![...left].some((w) => right.has(w));
}

/** Whether two parties are the same company by an identifier both have; null when they have none in common. */
function sameCompany(a: Ids, b: Ids): { same: boolean; by: 'siren' | 'vatNumber' } | null {
  const compared: { same: boolean; by: 'siren' | 'vatNumber' }[] = [];
  if (a.siren && b.siren) compared.push({ same: a.siren === b.siren, by: 'siren' });
  if (a.vat && b.vat) compared.push({ same: a.vat === b.vat, by: 'vatNumber' });
  if (!compared.length) return null;
  return compared.find((c) => c.same) ?? compared[0]!;
}

/** The seller and the buyer of an invoice against our company; `ours` when it is addressed to us (or cannot tell). */
export function checkParties(
  invoice: { number: string | null; seller: TEinvoiceParty; buyer: TEinvoiceParty },
  company: OwnCompany | null,
): PartyCheck {
  if (!company) return { outcome: 'ours' };
  const own = idsOf(company);
  const seller = sameCompany(idsOf(invoice.seller), own);
  if (seller?.same)
    return {
      outcome: 'notOurs',
      params: {
        number: invoice.number,
        sellerName: invoice.seller.name,
        sellerSiren: invoice.seller.siren,
        sellerVatNumber: invoice.seller.vatNumber,
      },
    };
  const { buyer } = invoice;
  const byIds = sameCompany(idsOf(buyer), own);
  const differs = byIds ? !byIds.same : namesClearlyDiffer(buyer.name, company.name);
  if (!differs) return { outcome: 'ours' };
  return {
    outcome: 'otherBuyer',
    params: {
      buyerName: buyer.name,
      buyerSiren: buyer.siren,
      buyerVatNumber: buyer.vatNumber,
      companyName: company.name,
      companySiren: company.siren,
      companyVatNumber: company.vatNumber,
      by: byIds?.by ?? 'name',
    },
  };
}
