import { Decimal } from 'decimal.js';
import sharp from 'sharp';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { EXEMPT_CATEGORIES, vatRateLabel, type TVatCategory, type TVatExemption } from '@tagstock/contract';
import { formatDate, formatMoney, formatNumber, formatPercent, printable, type PdfLanguage } from './pdf-format';
import { facturXPdfA3 } from '../facturx/pdfa';
import { renderPdf, type PdfDefinition, type PdfFooter, type RenderResult } from './render-pool';

export type { PdfLanguage };

/** The issuing company (the tenant's company settings). */
export type PdfCompany = {
  name: string;
  address?: string | null;
  postalCode?: string | null;
  city?: string | null;
  country?: string | null;
  siren?: string | null;
  vatNumber?: string | null;
  email?: string | null;
  phone?: string | null;
  logo?: { data: Buffer; mimeType: 'image/png' | 'image/jpeg' } | null;
};
/** The other party: a supplier, a customer or a tenant, with its address lines. */
export type PdfParty = { name: string; lines: string[] };
/** A line as the server computed it; amounts and rates (percent) are decimal texts. */
export type PdfLine = {
  reference: string;
  designation: string;
  quantity: number;
  unitPrice: string;
  discount: string;
  vatRate: string;
  netAmount: string;
  /** EN 16931 VAT category; none: standard, or zero rated at 0. */
  vatCategory?: TVatCategory;
  /** Why a line without VAT carries none (sales lines). */
  vatExemption?: TVatExemption | null;
};
/** A row of the VAT breakdown: named on the document as on the screens ("Taux réduit 5,5 %"). */
export type PdfVatRow = {
  category: TVatCategory;
  rate: string;
  base: string;
  vat: string;
  exemption?: TVatExemption;
};
/** A line of a document without prices (a stock output): what left, and a detail (its EPCs). */
export type PdfItem = { reference: string; designation: string; quantity: number; detail?: string | null };
export type PdfPartyRole = 'supplier' | 'customer' | 'tenant' | 'recipient';
export type PrintableDocument = {
  /** The document type's name in the document's language (`Bon de commande`), declared by its type. */
  title: string;
  number: string;
  /** yyyy-mm-dd */
  date: string;
  /**
   * When an issued document was issued (ISO 8601): the PDF is dated then, so that the legal document gives the
   * same bytes at every download. None (a draft, a working document): dated when rendered.
   */
  issuedAt?: string | null;
  partyRole: PdfPartyRole;
  party: PdfParty;
  /** Further header fields, label and value already in the document's language (expected delivery, status…). */
  fields: { label: string; value: string }[];
  /** Priced lines with their totals, or `items` for a document without prices. */
  lines?: PdfLine[];
  totals?: {
    net: string;
    vat: string;
    gross: string;
    byRate: PdfVatRow[];
    /** With a discount on the whole document: the lines' total and the discount, printed above the net. */
    lineTotal?: string;
    allowanceTotal?: string;
  };
  items?: PdfItem[];
  /** Signature boxes at the end (an exit slip signed by who hands the items over and who takes them). */
  signatures?: boolean;
  notes?: string | null;
  /** Legal mentions printed small at the end (an invoice's seller identity, payment terms, penalties…). */
  mentions?: string[];
  currency?: 'EUR';
};

type Labels = {
  role: Record<PdfPartyRole, string>;
  number: string;
  date: string;
  siren: string;
  vatNumber: string;
  email: string;
  phone: string;
  columns: [string, string, string, string, string, string, string];
  itemColumns: [string, string, string, string];
  signatures: [string, string];
  signatureHint: string;
  noLines: string;
  vatBreakdown: string;
  vatColumns: [string, string, string];
  lineTotal: string;
  discount: string;
  totalNet: string;
  totalVat: string;
  totalGross: string;
  notes: string;
  /** `{page}` and `{pages}` are filled in on each page. */
  page: string;
};

const LABELS: Record<PdfLanguage, Labels> = {
  fr: {
    role: { supplier: 'Fournisseur', customer: 'Client', tenant: 'Société cliente', recipient: 'Destinataire' },
    number: 'N°',
    date: 'Date',
    siren: 'SIREN',
    vatNumber: 'N° TVA intracommunautaire',
    email: 'E-mail',
    phone: 'Tél.',
    columns: ['Référence', 'Désignation', 'Qté', 'PU HT', 'Remise', 'TVA', 'Montant HT'],
    itemColumns: ['Référence', 'Désignation', 'Qté', 'Détail'],
    signatures: ['Remis par', 'Reçu par'],
    signatureHint: 'Date et signature',
    noLines: 'Aucune ligne',
    vatBreakdown: 'Récapitulatif de la TVA',
    vatColumns: ['TVA', 'Base HT', 'Montant TVA'],
    lineTotal: 'Total des lignes HT',
    discount: 'Remise',
    totalNet: 'Total HT',
    totalVat: 'Total TVA',
    totalGross: 'Total TTC',
    notes: 'Notes',
    page: 'Page {page} sur {pages}',
  },
  en: {
    role: { supplier: 'Supplier', customer: 'Customer', tenant: 'Client company', recipient: 'Recipient' },
    number: 'No.',
    date: 'Date',
    siren: 'SIREN',
    vatNumber: 'VAT number',
    email: 'Email',
    phone: 'Phone',
    columns: ['Reference', 'Description', 'Qty', 'Unit price excl. VAT', 'Discount', 'VAT', 'Net amount'],
    itemColumns: ['Reference', 'Description', 'Qty', 'Detail'],
    signatures: ['Handed over by', 'Received by'],
    signatureHint: 'Date and signature',
    noLines: 'No lines',
    vatBreakdown: 'VAT breakdown',
    vatColumns: ['VAT', 'Taxable amount', 'VAT amount'],
    lineTotal: 'Lines total excl. VAT',
    discount: 'Discount',
    totalNet: 'Total excl. VAT',
    totalVat: 'Total VAT',
    totalGross: 'Total incl. VAT',
    notes: 'Notes',
    page: 'Page {page} / {pages}',
  },
};

const GREY = '#555555';
const RULE = '#bbbbbb';
const HEADER_FILL = '#eeeeee';

// Every column holding text from the database has a fixed width: pdfmake widens '*' and 'auto' columns to
// their longest word, so one unbroken 200-character word would push the page off its edge; in a fixed column
// it is cut where it meets the edge. A4 is 595 pt wide, less 2 × 40 pt of margins: 515 pt for the content.
const LEFT = 275;
const RIGHT = 220;
const GAP = 20;
// The 'rows' layout (render-pool.ts) pads cells by 4 pt, the outer sides by 2 pt: 52 pt for seven columns.
const LINE_WIDTHS = [58, 176, 36, 56, 40, 34, 62];

const present = (value: string | null | undefined): value is string => !!value && value.trim() !== '';
const joined = (parts: (string | null | undefined)[], separator = ' ') => parts.filter(present).join(separator);

function companyBlock(company: PdfCompany, l: Labels): Content[] {
  const logo = company.logo;
  const lines = [
    company.address,
    joined([company.postalCode, company.city]),
    company.country,
    present(company.siren) ? `${l.siren} ${company.siren}` : null,
    present(company.vatNumber) ? `${l.vatNumber} ${company.vatNumber}` : null,
    present(company.email) ? `${l.email} ${company.email}` : null,
    present(company.phone) ? `${l.phone} ${company.phone}` : null,
  ].filter(present);
  return [
    ...(logo
      ? [
          {
            image: `data:${logo.mimeType};base64,${logo.data.toString('base64')}`,
            fit: [160, 60],
            margin: [0, 0, 0, 6],
          } as Content,
        ]
      : []),
    { text: printable(company.name), bold: true, fontSize: 12 },
    ...lines.map((line): Content => ({ text: printable(line), color: GREY })),
  ];
}

function titleBlock(doc: PrintableDocument, language: PdfLanguage, l: Labels): Content[] {
  return [
    { text: printable(doc.title), bold: true, fontSize: 18, alignment: 'right' },
    {
      text: `${l.number} ${printable(doc.number)}`,
      bold: true,
      fontSize: 11,
      alignment: 'right',
      margin: [0, 4, 0, 0],
    },
    { text: `${l.date} ${formatDate(doc.date, language)}`, alignment: 'right' },
  ];
}

function partyBlock(doc: PrintableDocument, l: Labels): Content {
  return {
    table: {
      // The default layout: 4 pt of padding and a 1 pt border on each side.
      widths: [RIGHT - 10],
      body: [
        [
          {
            stack: [
              { text: l.role[doc.partyRole].toUpperCase(), fontSize: 7, bold: true, color: GREY, margin: [0, 0, 0, 2] },
              { text: printable(doc.party.name), bold: true, fontSize: 10 },
              ...doc.party.lines.filter(present).map((line): Content => ({ text: printable(line) })),
            ],
            margin: [4, 4, 4, 4],
            borderColor: [RULE, RULE, RULE, RULE],
          },
        ],
      ],
    },
  };
}

function fieldsBlock(doc: PrintableDocument): Content {
  if (!doc.fields.length) return { text: '' };
  return {
    table: {
      // 'noBorders' pads the gap between the columns by 2 × 4 pt.
      widths: [90, LEFT - 98],
      body: doc.fields.map((f): TableCell[] => [
        { text: printable(f.label), color: GREY },
        { text: printable(f.value) },
      ]),
    },
    layout: 'noBorders',
  };
}

const cell = (text: string, right = false): TableCell => ({ text, alignment: right ? 'right' : 'left' });
const headerCell = (text: string, right = false): TableCell => ({
  text,
  bold: true,
  fillColor: HEADER_FILL,
  alignment: right ? 'right' : 'left',
});

/** A line without VAT says why under its designation ("Exonéré (art. 293 B du CGI)"); its rate column says 0 %. */
function designationCell(line: PdfLine, language: PdfLanguage): TableCell {
  const category = line.vatCategory ?? 'S';
  if (!line.vatExemption && !EXEMPT_CATEGORIES.includes(category)) return cell(printable(line.designation));
  const vat = vatRateLabel({ category, rate: line.vatRate, exemption: line.vatExemption }, language);
  return {
    stack: [{ text: printable(line.designation) }, { text: printable(vat), fontSize: 7, color: GREY }],
  };
}

function linesTable(doc: PrintableDocument, language: PdfLanguage, l: Labels): Content {
  if (doc.items) return itemsTable(doc.items, language, l);
  const header = l.columns.map((label, i) => headerCell(label, i >= 2));
  const body: TableCell[][] = (doc.lines ?? []).map((line) => [
    cell(printable(line.reference)),
    designationCell(line, language),
    cell(formatNumber(line.quantity, language), true),
    cell(formatMoney(line.unitPrice, language, 4), true),
    // A discount of 0 is left blank: most lines have none and the column reads better.
    cell(new Decimal(line.discount).isZero() ? '' : formatPercent(line.discount, language), true),
    cell(formatPercent(line.vatRate, language), true),
    cell(formatMoney(line.netAmount, language), true),
  ]);
  if (!body.length)
    body.push([{ text: l.noLines, colSpan: 7, alignment: 'center', color: GREY }, '', '', '', '', '', '']);
  // No keepWithHeaderRows: when the first row is taller than a page, pdfmake 0.3.11 then drops it and the header.
  return {
    table: { headerRows: 1, widths: LINE_WIDTHS, body: [header, ...body] },
    layout: 'rows',
    margin: [0, 14, 0, 10],
  };
}

const ITEM_WIDTHS = [70, 200, 40, 160];

function itemsTable(items: PdfItem[], language: PdfLanguage, l: Labels): Content {
  const header = l.itemColumns.map((label, i) => headerCell(label, i === 2));
  const body: TableCell[][] = items.map((item) => [
    cell(printable(item.reference)),
    cell(printable(item.designation)),
    cell(formatNumber(item.quantity, language), true),
    { text: printable(item.detail ?? ''), fontSize: 7, color: GREY },
  ]);
  if (!body.length) body.push([{ text: l.noLines, colSpan: 4, alignment: 'center', color: GREY }, '', '', '']);
  return {
    table: { headerRows: 1, widths: ITEM_WIDTHS, body: [header, ...body] },
    layout: 'rows',
    margin: [0, 14, 0, 10],
  };
}

function signatureBlock(l: Labels): Content {
  const box = (label: string): Content => ({
    table: {
      widths: [(515 - GAP) / 2 - 10],
      heights: [70],
      body: [
        [
          {
            stack: [
              { text: label, bold: true },
              { text: l.signatureHint, fontSize: 7, color: GREY },
            ],
            margin: [4, 4, 4, 4],
          },
        ],
      ],
    },
  });
  return { columns: l.signatures.map(box), columnGap: GAP, margin: [0, 24, 0, 0], unbreakable: true };
}

function vatTable(doc: PrintableDocument, language: PdfLanguage, l: Labels): Content {
  return {
    stack: [
      { text: l.vatBreakdown, bold: true, margin: [0, 0, 0, 3] },
      {
        table: {
          headerRows: 1,
          // 'rows' pads them by 20 pt in all: 275 pt, the left column.
          widths: [115, 70, 70],
          body: [
            l.vatColumns.map((label, i) => headerCell(label, i > 0)),
            ...doc.totals!.byRate.map((r) => [
              cell(printable(vatRateLabel(r, language))),
              cell(formatMoney(r.base, language), true),
              cell(formatMoney(r.vat, language), true),
            ]),
          ],
        },
        layout: 'rows',
      },
    ],
    unbreakable: true,
  };
}

function totalsTable(doc: PrintableDocument, language: PdfLanguage, l: Labels): Content {
  const row = (label: string, value: string, strong = false): TableCell[] => {
    const style = strong ? { bold: true, fontSize: 11, fillColor: HEADER_FILL } : {};
    return [
      { text: label, ...style },
      { text: formatMoney(value, language), alignment: 'right', ...style },
    ];
  };
  return {
    table: {
      widths: [RIGHT - 112, 100],
      body: [
        ...(doc.totals!.allowanceTotal && doc.totals!.allowanceTotal !== '0.00'
          ? [row(l.lineTotal, doc.totals!.lineTotal!), row(l.discount, `-${doc.totals!.allowanceTotal}`)]
          : []),
        row(l.totalNet, doc.totals!.net),
        row(l.totalVat, doc.totals!.vat),
        row(l.totalGross, doc.totals!.gross, true),
      ],
    },
    layout: 'rows',
    unbreakable: true,
  };
}

/**
 * The pdfmake definition of a document (plain data, so it can go to the worker) and its page footer.
 * Exported for the benchmark; callers use renderDocumentPdf.
 */
export function documentDefinition(
  doc: PrintableDocument,
  company: PdfCompany,
  language: PdfLanguage,
): { definition: PdfDefinition; footer: PdfFooter } {
  const l = LABELS[language];
  const title = `${printable(doc.title)} ${printable(doc.number)}`;
  const issued = doc.issuedAt ? new Date(doc.issuedAt) : null;
  const content: Content[] = [
    {
      columns: [
        { stack: companyBlock(company, l), width: LEFT },
        { stack: titleBlock(doc, language, l), width: RIGHT },
      ],
      columnGap: GAP,
    },
    {
      columns: [
        { stack: [fieldsBlock(doc)], width: LEFT },
        { stack: [partyBlock(doc, l)], width: RIGHT },
      ],
      columnGap: GAP,
      margin: [0, 16, 0, 0],
    },
    linesTable(doc, language, l),
  ];
  if (doc.totals)
    content.push({
      columns: [
        { stack: doc.totals.byRate.length ? [vatTable(doc, language, l)] : [], width: LEFT },
        { stack: [totalsTable(doc, language, l)], width: RIGHT },
      ],
      columnGap: GAP,
    });
  if (present(doc.notes)) {
    content.push({
      stack: [{ text: l.notes, bold: true, margin: [0, 0, 0, 3] }, { text: printable(doc.notes) }],
      margin: [0, 16, 0, 0],
    });
  }
  if (doc.mentions?.length)
    content.push({
      stack: doc.mentions.map((m) => ({ text: printable(m), margin: [0, 0, 0, 2] })),
      fontSize: 7.5,
      color: GREY,
      margin: [0, 16, 0, 0],
    });
  if (doc.signatures) content.push(signatureBlock(l));
  return {
    definition: {
      pageSize: 'A4',
      pageMargins: [40, 40, 40, 50],
      info: {
        title,
        author: printable(company.name),
        subject: title,
        creator: 'Tagstock',
        producer: 'Tagstock',
        ...(issued ? { creationDate: issued, modDate: issued } : {}),
      },
      language: language === 'fr' ? 'fr-FR' : 'en-GB',
      defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
      content,
    },
    footer: {
      columns: [
        { text: title, width: LEFT + GAP + 80 },
        { text: l.page, alignment: 'right', width: RIGHT - 80 },
      ],
      fontSize: 8,
      color: GREY,
      margin: [40, 20, 40, 0],
    },
  };
}

/**
 * The logo without transparency, on white: a Factur-X PDF keeps to plain opaque content (pdfkit would draw a PNG's
 * alpha channel as a soft mask). sharp works off the event loop; an image it cannot read is left as it is, for
 * the render to leave out as usual.
 */
async function opaqueLogo(logo: NonNullable<PdfCompany['logo']>): Promise<PdfCompany['logo']> {
  try {
    if (!(await sharp(logo.data).metadata()).hasAlpha) return logo;
    return { data: await sharp(logo.data).flatten({ background: '#ffffff' }).png().toBuffer(), mimeType: 'image/png' };
  } catch {
    return logo;
  }
}

/** `facturX`: the document's CII XML (facturx/cii.ts), to issue the PDF as a Factur-X (PDF/A-3b carrying it). */
export type RenderOptions = { facturX?: { xml: string; documentNumber?: string } };

/**
 * A business document as a PDF (A4, Roboto embedded), in French or English. Rendering runs in a worker thread
 * (see render-pool.ts). pdfkit reads the logo's type from its bytes; one it cannot read fails the render, which
 * is then done again without it: the logo is decoration, the document must print. With `facturX`, the PDF is a
 * PDF/A-3b with the XML embedded as factur-x.xml, byte for byte.
 */
export async function renderDocumentPdf(
  doc: PrintableDocument,
  company: PdfCompany,
  language: PdfLanguage,
  options: RenderOptions = {},
): Promise<Buffer> {
  return (await renderWithStats(doc, company, language, options)).pdf;
}

/** renderDocumentPdf with the worker's own rendering time (the benchmark reports it). */
export async function renderWithStats(
  doc: PrintableDocument,
  company: PdfCompany,
  language: PdfLanguage,
  options: RenderOptions = {},
): Promise<RenderResult> {
  const pdfA3 = options.facturX && facturXPdfA3(options.facturX.xml, options.facturX.documentNumber);
  const issuer = pdfA3 && company.logo ? { ...company, logo: await opaqueLogo(company.logo) } : company;
  const { definition, footer } = documentDefinition(doc, issuer, language);
  try {
    return await renderPdf(definition, footer, pdfA3);
  } catch (err) {
    if (!issuer.logo || !/image/i.test((err as Error).message)) throw err;
    const plain = documentDefinition(doc, { ...issuer, logo: null }, language);
    return renderPdf(plain.definition, plain.footer, pdfA3);
  }
}
