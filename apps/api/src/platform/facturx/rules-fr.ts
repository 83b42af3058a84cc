/**
 * French texts of the EN 16931 business rules (release 1.3.16 of the official CII schematron) for the people who
 * receive invoices: the rule id stays beside them, the English text of the validator is the reference. The Factur-X
 * rules (FX-SCH-*) are said with these texts when they repeat an EN 16931 rule, with a few sentence patterns for
 * their structural checks and their own texts for the rest; the French rules (BR-FR-*) are already in French.
 * Written with plain spaces and apostrophes; `typography` sets the French ones once (U+202F before : ; ? ! and
 * inside « », U+2019 for the apostrophe).
 */

/** French typography of a sentence written with ASCII spaces and apostrophes. */
export const typography = (text: string): string =>
  text
    .replace(/'/g, '\u2019')
    .replace(/« /g, '«\u202f')
    .replace(/ »/g, '\u202f»')
    .replace(/ ([:;?!])/g, '\u202f$1');

const CORE: Record<string, string> = {
  'BR-01': 'Une facture doit avoir un identifiant de spécification (BT-24).',
  'BR-02': 'Une facture doit avoir un numéro de facture (BT-1).',
  'BR-03': "Une facture doit avoir une date d'émission (BT-2).",
  'BR-04': 'Une facture doit avoir un code de type de facture (BT-3).',
  'BR-05': 'Une facture doit avoir un code de devise (BT-5).',
  'BR-06': 'Une facture doit contenir le nom du vendeur (BT-27).',
  'BR-07': "Une facture doit contenir le nom de l'acheteur (BT-44).",
  'BR-08': "Une facture doit contenir l'adresse postale du vendeur (BG-5).",
  'BR-09': "L'adresse postale du vendeur (BG-5) doit contenir le code de pays du vendeur (BT-40).",
  'BR-10': "Une facture doit contenir l'adresse postale de l'acheteur (BG-8).",
  'BR-11': "L'adresse postale de l'acheteur (BG-8) doit contenir le code de pays de l'acheteur (BT-55).",
  'BR-12': 'Une facture doit avoir la somme des montants nets des lignes de facture (BT-106).',
  'BR-13': 'Une facture doit avoir le montant total hors TVA (BT-109).',
  'BR-14': 'Une facture doit avoir le montant total TVA comprise (BT-112).',
  'BR-15': 'Une facture doit avoir le montant à payer (BT-115).',
  'BR-16': 'Une facture doit avoir au moins une ligne de facture (BG-25).',
  'BR-17':
    "Le nom du bénéficiaire (BT-59) doit figurer sur la facture si le bénéficiaire (BG-10) n'est pas le vendeur (BG-4).",
  'BR-18':
    'Le nom du représentant fiscal du vendeur (BT-62) doit figurer sur la facture si le vendeur (BG-4) a un représentant fiscal (BG-11).',
  'BR-19':
    "L'adresse postale du représentant fiscal du vendeur (BG-12) doit figurer sur la facture si le vendeur (BG-4) a un représentant fiscal (BG-11).",
  'BR-20':
    "L'adresse postale du représentant fiscal du vendeur (BG-12) doit contenir le code de pays du représentant fiscal (BT-69) si le vendeur (BG-4) a un représentant fiscal (BG-11).",
  'BR-21': 'Chaque ligne de facture (BG-25) doit avoir un identifiant de ligne (BT-126).',
  'BR-22': 'Chaque ligne de facture (BG-25) doit avoir une quantité facturée (BT-129).',
  'BR-23': "Une ligne de facture (BG-25) doit avoir le code de l'unité de mesure de la quantité facturée (BT-130).",
  'BR-24': 'Chaque ligne de facture (BG-25) doit avoir un montant net (BT-131).',
  'BR-25': "Chaque ligne de facture (BG-25) doit contenir le nom de l'article (BT-153).",
  'BR-26': "Chaque ligne de facture (BG-25) doit contenir le prix net de l'article (BT-146).",
  'BR-27': "Le prix net de l'article (BT-146) ne doit pas être négatif.",
  'BR-28': "Le prix brut de l'article (BT-148) ne doit pas être négatif.",
  'BR-29':
    'Si les dates de début (BT-73) et de fin (BT-74) de la période de facturation sont données, la date de fin doit être égale ou postérieure à la date de début.',
  'BR-30':
    "Si les dates de début (BT-134) et de fin (BT-135) de la période d'une ligne de facture sont données, la date de fin doit être égale ou postérieure à la date de début.",
  'BR-31': 'Chaque remise au niveau du document (BG-20) doit avoir un montant (BT-92).',
  'BR-32': 'Chaque remise au niveau du document (BG-20) doit avoir un code de type de TVA (BT-95).',
  'BR-33': 'Chaque remise au niveau du document (BG-20) doit avoir un motif (BT-97) ou un code de motif (BT-98).',
  'BR-36': 'Chacun des frais au niveau du document (BG-21) doit avoir un montant (BT-99).',
  'BR-37': 'Chacun des frais au niveau du document (BG-21) doit avoir un code de type de TVA (BT-102).',
  'BR-38': 'Chacun des frais au niveau du document (BG-21) doit avoir un motif (BT-104) ou un code de motif (BT-105).',
  'BR-41': 'Chaque remise sur une ligne de facture (BG-27) doit avoir un montant (BT-136).',
  'BR-42': 'Chaque remise sur une ligne de facture (BG-27) doit avoir un motif (BT-139) ou un code de motif (BT-140).',
  'BR-43': "Chacun des frais d'une ligne de facture (BG-28) doit avoir un montant (BT-141).",
  'BR-44': "Chacun des frais d'une ligne de facture (BG-28) doit avoir un motif (BT-144) ou un code de motif (BT-145).",
  'BR-45': "Chaque ventilation de la TVA (BG-23) doit avoir une base d'imposition (BT-116).",
  'BR-46': 'Chaque ventilation de la TVA (BG-23) doit avoir un montant de TVA (BT-117).',
  'BR-47': 'Chaque ventilation de la TVA (BG-23) doit être définie par un code de type de TVA (BT-118).',
  'BR-48':
    "Chaque ventilation de la TVA (BG-23) doit avoir un taux de TVA (BT-119), sauf si la facture n'est pas soumise à la TVA.",
  'BR-49': 'Une instruction de paiement (BG-16) doit indiquer le code de type de moyen de paiement (BT-81).',
  'BR-50':
    "L'identifiant du compte de paiement (BT-84) doit être présent si la facture donne des informations de virement (BG-17).",
  'BR-51':
    'Selon les normes de sécurité des paiements par carte, une facture ne doit jamais contenir le numéro complet de la carte de paiement (BT-87) : au plus ses 6 premiers et ses 4 derniers chiffres.',
  'BR-52':
    'Chaque document justificatif additionnel (BG-24) doit contenir une référence de document justificatif (BT-122).',
  'BR-53':
    'Si le code de devise de comptabilisation de la TVA (BT-6) est présent, le montant total de la TVA dans cette devise (BT-111) doit être fourni.',
  'BR-54': "Chaque attribut d'article (BG-32) doit contenir un nom (BT-160) et une valeur (BT-161).",
  'BR-55': 'Chaque référence à une facture antérieure (BG-3) doit contenir la référence de cette facture (BT-25).',
  'BR-56': 'Chaque représentant fiscal du vendeur (BG-11) doit avoir un identifiant à la TVA (BT-63).',
  'BR-57': 'Chaque adresse de livraison (BG-15) doit contenir un code de pays de livraison (BT-80).',
  'BR-61':
    "Si le code de type de moyen de paiement (BT-81) désigne un virement SEPA, un virement local ou un virement international hors SEPA, l'identifiant du compte de paiement (BT-84) doit être présent.",
  'BR-62': "L'adresse électronique du vendeur (BT-34) doit avoir un identifiant de schéma.",
  'BR-63': "L'adresse électronique de l'acheteur (BT-49) doit avoir un identifiant de schéma.",
  'BR-64': "L'identifiant standard de l'article (BT-157) doit avoir un identifiant de schéma.",
  'BR-65': "L'identifiant de classification de l'article (BT-158) doit avoir un identifiant de schéma.",
  'BR-B-01':
    'Une facture dont un code de type de TVA (BT-151, BT-95 ou BT-102) est « Paiement scindé » (split payment) doit être une facture intérieure italienne.',
  'BR-B-02':
    'Une facture comportant une ligne (BG-25), une remise (BG-20) ou des frais (BG-21) au niveau du document de type de TVA « Paiement scindé » (BT-151, BT-95 ou BT-102) ne doit contenir aucune ligne, remise ou frais de type « Taux normal ».',
  'BR-CO-03': "La date d'exigibilité de la TVA (BT-7) et le code de date d'exigibilité (BT-8) s'excluent mutuellement.",
  'BR-CO-04': "Chaque ligne de facture (BG-25) doit avoir un code de type de TVA de l'article facturé (BT-151).",
  'BR-CO-05':
    "Le code de motif (BT-98) et le motif (BT-97) d'une remise au niveau du document doivent désigner le même type de remise.",
  'BR-CO-06':
    'Le code de motif (BT-105) et le motif (BT-104) des frais au niveau du document doivent désigner le même type de frais.',
  'BR-CO-07':
    "Le code de motif (BT-140) et le motif (BT-139) d'une remise sur une ligne de facture doivent désigner le même type de remise.",
  'BR-CO-08':
    "Le code de motif (BT-145) et le motif (BT-144) des frais d'une ligne de facture doivent désigner le même type de frais.",
  'BR-CO-09':
    "L'identifiant à la TVA du vendeur (BT-31), celui de son représentant fiscal (BT-63) et celui de l'acheteur (BT-48) doivent commencer par le code ISO 3166-1 alpha-2 du pays qui les a attribués (la Grèce peut utiliser le préfixe « EL »).",
  'BR-CO-10':
    'La somme des montants nets des lignes de facture (BT-106) doit être égale au total des montants nets des lignes (BT-131).',
  'BR-CO-11':
    'La somme des remises au niveau du document (BT-107) doit être égale au total des montants de ces remises (BT-92).',
  'BR-CO-12':
    'La somme des frais au niveau du document (BT-108) doit être égale au total des montants de ces frais (BT-99).',
  'BR-CO-13':
    'Le montant total hors TVA (BT-109) doit être égal à la somme des montants nets des lignes (BT-131), moins la somme des remises (BT-107), plus la somme des frais (BT-108) au niveau du document.',
  'BR-CO-14':
    'Le montant total de la TVA (BT-110) doit être égal à la somme des montants de TVA par type de TVA (BT-117).',
  'BR-CO-15':
    'Le montant total TVA comprise (BT-112) doit être égal au montant total hors TVA (BT-109) plus le montant total de la TVA (BT-110).',
  'BR-CO-16':
    "Le montant à payer (BT-115) doit être égal au montant total TVA comprise (BT-112), moins le montant déjà payé (BT-113), plus le montant d'arrondi (BT-114).",
  'BR-CO-17':
    "Le montant de TVA d'un type de TVA (BT-117) doit être égal à sa base d'imposition (BT-116) multipliée par son taux (BT-119) divisé par 100, arrondi à deux décimales.",
  'BR-CO-18': 'Une facture doit avoir au moins une ventilation de la TVA (BG-23).',
  'BR-CO-19':
    'Si une période de facturation (BG-14) est donnée, sa date de début (BT-73), sa date de fin (BT-74) ou les deux doivent être renseignées.',
  'BR-CO-20':
    'Si une période de ligne de facture (BG-26) est donnée, sa date de début (BT-134), sa date de fin (BT-135) ou les deux doivent être renseignées.',
  'BR-CO-21':
    'Chaque remise au niveau du document (BG-20) doit contenir un motif (BT-97), un code de motif (BT-98) ou les deux.',
  'BR-CO-22':
    'Chacun des frais au niveau du document (BG-21) doit contenir un motif (BT-104), un code de motif (BT-105) ou les deux.',
  'BR-CO-23':
    'Chaque remise sur une ligne de facture (BG-27) doit contenir un motif (BT-139), un code de motif (BT-140) ou les deux.',
  'BR-CO-24':
    "Chacun des frais d'une ligne de facture (BG-28) doit contenir un motif (BT-144), un code de motif (BT-145) ou les deux.",
  'BR-CO-26':
    "Pour que l'acheteur puisse identifier automatiquement le fournisseur, l'identifiant du vendeur (BT-29), son identifiant d'immatriculation légale (BT-30) et/ou son identifiant à la TVA (BT-31) doivent être présents.",
  'BR-CL-01': "Le code de type de document doit être l'un des codes de facture ou d'avoir de la liste UNTDID 1001.",
  'BR-CL-03': "L'attribut currencyID doit être un code de devise ISO 4217 alpha-3.",
  'BR-CL-04': 'Le code de devise de la facture (BT-5) doit être un code ISO 4217 alpha-3.',
  'BR-CL-05': 'Le code de devise de comptabilisation de la TVA (BT-6) doit être un code ISO 4217 alpha-3.',
  'BR-CL-06':
    "Le code de date d'exigibilité de la TVA (BT-8) doit appartenir à une restriction de la liste UNTDID 2475.",
  'BR-CL-07':
    "Le schéma de l'identifiant d'objet facturé (BT-18) doit appartenir à une restriction de la liste UNTDID 1153.",
  'BR-CL-08': "Le code de sujet d'une note (BT-21) doit appartenir à une restriction de la liste UNTDID 4451.",
  'BR-CL-10': "Le schéma d'un identifiant doit appartenir à la liste ISO 6523 ICD.",
  'BR-CL-11': "Le schéma d'un identifiant d'immatriculation doit appartenir à la liste ISO 6523 ICD.",
  'BR-CL-13':
    "Le schéma de l'identifiant de classification de l'article (BT-158) doit appartenir à la liste UNTDID 7143.",
  'BR-CL-14': 'Les codes de pays de la facture doivent appartenir à la liste ISO 3166-1.',
  'BR-CL-15': 'Les codes de pays de la facture doivent appartenir à la liste ISO 3166-1.',
  'BR-CL-16': 'Le code de moyen de paiement (BT-81) doit appartenir à la liste UNTDID 4461.',
  'BR-CL-17': 'Les codes de type de TVA de la facture doivent appartenir à la liste UNCL 5305.',
  'BR-CL-18': 'Les codes de type de TVA de la facture doivent appartenir à la liste UNCL 5305.',
  'BR-CL-19': 'Les codes de motif de remise doivent appartenir à la liste UNCL 5189.',
  'BR-CL-20': 'Les codes de motif de frais doivent appartenir à la liste UNCL 7161.',
  'BR-CL-21': "Le schéma de l'identifiant standard de l'article (BT-157) doit appartenir à la liste ISO 6523 ICD.",
  'BR-CL-22': "Le code de motif d'exonération de TVA (BT-121) doit appartenir à la liste CEF VATEX.",
  'BR-CL-23':
    "Le code d'unité de mesure doit suivre la recommandation 20 de la CEE-ONU, avec l'extension de la recommandation 21.",
  'BR-CL-24': "L'attribut mimeCode doit être un type MIME autorisé (MIMEMediaType).",
  'BR-CL-25': "Le schéma d'une adresse électronique (BT-34, BT-49) doit appartenir à la liste CEF EAS.",
  'BR-CL-26': "Le schéma de l'identifiant du lieu de livraison (BT-71) doit appartenir à la liste ISO 6523 ICD.",
};

/** BR-DEC-*: at most two decimals, per amount. */
const DECIMALS: Record<string, string> = {
  '01': 'le montant de la remise au niveau du document (BT-92)',
  '02': "l'assiette de la remise au niveau du document (BT-93)",
  '05': 'le montant des frais au niveau du document (BT-99)',
  '06': "l'assiette des frais au niveau du document (BT-100)",
  '09': 'la somme des montants nets des lignes de facture (BT-106)',
  '10': 'la somme des remises au niveau du document (BT-107)',
  '11': 'la somme des frais au niveau du document (BT-108)',
  '12': 'le montant total hors TVA (BT-109)',
  '13': 'le montant total de la TVA (BT-110)',
  '14': 'le montant total TVA comprise (BT-112)',
  '15': 'le montant total de la TVA en devise de comptabilisation (BT-111)',
  '16': 'le montant payé (BT-113)',
  '17': "le montant d'arrondi (BT-114)",
  '18': 'le montant à payer (BT-115)',
  '19': "la base d'imposition d'un type de TVA (BT-116)",
  '20': "le montant de TVA d'un type de TVA (BT-117)",
  '23': "le montant net d'une ligne de facture (BT-131)",
  '24': "le montant d'une remise sur une ligne de facture (BT-136)",
  '25': "l'assiette d'une remise sur une ligne de facture (BT-137)",
  '27': "le montant des frais d'une ligne de facture (BT-141)",
  '28': "l'assiette des frais d'une ligne de facture (BT-142)",
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The rules every VAT category repeats (BR-S-*, BR-Z-*, BR-E-*, BR-AE-*, BR-IC-* for K, BR-G-*, BR-O-*, BR-AF-*
 * for L, BR-AG-* for M): what differs is the category, whether the breakdown has one or at least one row of it,
 * which identifiers the parties need, the rate the lines may have and the exemption reason.
 */
type Category = {
  /** Prefix of its rules after `BR-`. */
  prefix: string;
  name: string;
  breakdown: 'exactly' | 'atLeast';
  /** What an invoice with such a line, allowance or charge must (or must not) contain. */
  identifiers: string;
  /** The rate of a line, allowance or charge of the category: `null` for "no rate at all" (O). */
  lineRate: string | null;
  allowanceRate: string | null;
  /** Whether the VAT is rate × base (S, L, M) or zero. */
  taxed: boolean;
  /** What the breakdown says of exemption reasons. */
  exemption: 'none' | 'required' | 'meaning';
};

const SELLER_IDS =
  "l'identifiant à la TVA du vendeur (BT-31), son identifiant d'enregistrement fiscal (BT-32) et/ou l'identifiant à la TVA de son représentant fiscal (BT-63)";
const CATEGORIES: Category[] = [
  {
    prefix: 'S',
    name: 'Taux normal',
    breakdown: 'atLeast',
    identifiers: `doit contenir ${SELLER_IDS}`,
    lineRate: 'supérieur à zéro',
    allowanceRate: 'supérieur à zéro',
    taxed: true,
    exemption: 'none',
  },
  {
    prefix: 'Z',
    name: 'Taux zéro',
    breakdown: 'exactly',
    identifiers: `doit contenir ${SELLER_IDS}`,
    lineRate: 'égal à 0 (zéro)',
    allowanceRate: 'égal à 0 (zéro)',
    taxed: false,
    exemption: 'none',
  },
  {
    prefix: 'E',
    name: 'Exonéré de TVA',
    breakdown: 'exactly',
    identifiers: `doit contenir ${SELLER_IDS}`,
    lineRate: 'égal à 0 (zéro)',
    allowanceRate: 'égal à 0 (zéro)',
    taxed: false,
    exemption: 'required',
  },
  {
    prefix: 'AE',
    name: 'Autoliquidation',
    breakdown: 'exactly',
    identifiers: `doit contenir ${SELLER_IDS}, ainsi que l'identifiant à la TVA de l'acheteur (BT-48) et/ou son identifiant d'immatriculation légale (BT-47)`,
    lineRate: 'égal à 0 (zéro)',
    allowanceRate: 'égal à 0 (zéro)',
    taxed: false,
    exemption: 'meaning',
  },
  {
    prefix: 'IC',
    name: 'Livraison intracommunautaire',
    breakdown: 'exactly',
    identifiers:
      "doit contenir l'identifiant à la TVA du vendeur (BT-31) ou celui de son représentant fiscal (BT-63), ainsi que l'identifiant à la TVA de l'acheteur (BT-48)",
    lineRate: 'égal à 0 (zéro)',
    allowanceRate: 'égal à 0 (zéro)',
    taxed: false,
    exemption: 'meaning',
  },
  {
    prefix: 'G',
    name: 'Exportation hors UE',
    breakdown: 'exactly',
    identifiers:
      "doit contenir l'identifiant à la TVA du vendeur (BT-31) ou l'identifiant à la TVA de son représentant fiscal (BT-63)",
    lineRate: 'égal à 0 (zéro)',
    allowanceRate: 'égal à 0 (zéro)',
    taxed: false,
    exemption: 'meaning',
  },
  {
    prefix: 'O',
    name: 'Non soumis à la TVA',
    breakdown: 'exactly',
    identifiers:
      "ne doit contenir ni l'identifiant à la TVA du vendeur (BT-31), ni celui de son représentant fiscal (BT-63), ni celui de l'acheteur (BT-48)",
    lineRate: null,
    allowanceRate: null,
    taxed: false,
    exemption: 'meaning',
  },
  {
    prefix: 'AF',
    name: 'IGIC',
    breakdown: 'atLeast',
    identifiers: `doit contenir ${SELLER_IDS}`,
    lineRate: 'supérieur à 0 (zéro)',
    allowanceRate: 'égal à 0 (zéro) ou supérieur',
    taxed: true,
    exemption: 'none',
  },
  {
    prefix: 'AG',
    name: 'IPSI',
    breakdown: 'atLeast',
    identifiers: `doit contenir ${SELLER_IDS}`,
    lineRate: 'égal à 0 (zéro) ou supérieur',
    allowanceRate: 'égal à 0 (zéro) ou supérieur',
    taxed: true,
    exemption: 'none',
  },
];

function categoryRules(c: Category): Record<string, string> {
  const q = `« ${c.name} »`;
  const id = (n: number) => `BR-${c.prefix}-${String(n).padStart(2, '0')}`;
  const breakdown =
    c.breakdown === 'exactly'
      ? `exactement une ventilation de la TVA (BG-23) dont le code de type de TVA (BT-118) est ${q}`
      : `au moins une ventilation de la TVA (BG-23) dont le code de type de TVA (BT-118) est ${q}`;
  const rate = (where: string, bt: string, rule: string | null, subject: string) =>
    rule === null
      ? `${subject} dont le code de type de TVA (${where}) est ${q} ne doit pas indiquer de taux de TVA (${bt}).`
      : `${subject} dont le code de type de TVA (${where}) est ${q}, le taux de TVA (${bt}) doit être ${rule}.`;
  const rateSubject = (what: string) => (c.lineRate === null ? capitalize(what) : `Pour ${what}`);
  const base = c.taxed
    ? `Pour chaque taux de TVA (BT-119) du type ${q}, la base d'imposition (BT-116) de la ventilation de la TVA (BG-23) doit être égale à la somme des montants nets des lignes de facture (BT-131), plus la somme des frais (BT-99), moins la somme des remises (BT-92) au niveau du document, de ce type et de ce taux (BT-152, BT-103, BT-96).`
    : `Dans une ventilation de la TVA (BG-23) dont le code de type de TVA (BT-118) est ${q}, la base d'imposition (BT-116) doit être égale à la somme des montants nets des lignes de facture (BT-131), moins la somme des remises (BT-92), plus la somme des frais (BT-99) au niveau du document de ce type (BT-151, BT-95, BT-102).`;
  const tax = c.taxed
    ? `Le montant de TVA (BT-117) d'une ventilation de la TVA (BG-23) de type ${q} doit être égal à la base d'imposition (BT-116) multipliée par le taux de TVA (BT-119).`
    : `Le montant de TVA (BT-117) d'une ventilation de la TVA (BG-23) de type ${q} doit être égal à 0 (zéro).`;
  const exemption = {
    none: `Une ventilation de la TVA (BG-23) de type ${q} ne doit avoir ni code de motif d'exonération (BT-121) ni motif d'exonération en texte (BT-120).`,
    required: `Une ventilation de la TVA (BG-23) de type ${q} doit avoir un code de motif d'exonération (BT-121) ou un motif d'exonération en texte (BT-120).`,
    meaning: `Une ventilation de la TVA (BG-23) de type ${q} doit avoir un code de motif d'exonération (BT-121) signifiant ${q} ou le motif d'exonération en texte (BT-120) ${q} (ou le texte standard équivalent dans une autre langue).`,
  }[c.exemption];
  return {
    [id(1)]:
      `Une facture comportant une ligne de facture (BG-25), une remise (BG-20) ou des frais (BG-21) au niveau du document dont le code de type de TVA (BT-151, BT-95 ou BT-102) est ${q} doit contenir ${breakdown}.`,
    [id(2)]:
      `Une facture comportant une ligne de facture (BG-25) dont le code de type de TVA de l'article facturé (BT-151) est ${q} ${c.identifiers}.`,
    [id(3)]:
      `Une facture comportant une remise au niveau du document (BG-20) dont le code de type de TVA (BT-95) est ${q} ${c.identifiers}.`,
    [id(4)]:
      `Une facture comportant des frais au niveau du document (BG-21) dont le code de type de TVA (BT-102) est ${q} ${c.identifiers}.`,
    [id(5)]: rate('BT-151', 'BT-152', c.lineRate, rateSubject('une ligne de facture (BG-25)')),
    [id(6)]: rate('BT-95', 'BT-96', c.allowanceRate, rateSubject('une remise au niveau du document (BG-20)')),
    [id(7)]: rate('BT-102', 'BT-103', c.allowanceRate, rateSubject('des frais au niveau du document (BG-21)')),
    [id(8)]: base,
    [id(9)]: tax,
    [id(10)]: exemption,
  };
}

const IC = '« Livraison intracommunautaire »';
const O = '« Non soumis à la TVA »';
const EXTRA: Record<string, string> = {
  'BR-IC-11': `Dans une facture comportant une ventilation de la TVA (BG-23) de type ${IC}, la date de livraison effective (BT-72) ou la période de facturation (BG-14) doit être renseignée.`,
  'BR-IC-12': `Dans une facture comportant une ventilation de la TVA (BG-23) de type ${IC}, le code de pays de livraison (BT-80) doit être renseigné.`,
  'BR-O-11': `Une facture comportant une ventilation de la TVA (BG-23) de type ${O} ne doit contenir aucune autre ventilation de la TVA (BG-23).`,
  'BR-O-12': `Une facture comportant une ventilation de la TVA (BG-23) de type ${O} ne doit contenir aucune ligne de facture (BG-25) dont le code de type de TVA de l'article facturé (BT-151) est autre que ${O}.`,
  'BR-O-13': `Une facture comportant une ventilation de la TVA (BG-23) de type ${O} ne doit contenir aucune remise au niveau du document (BG-20) dont le code de type de TVA (BT-95) est autre que ${O}.`,
  'BR-O-14': `Une facture comportant une ventilation de la TVA (BG-23) de type ${O} ne doit contenir aucuns frais au niveau du document (BG-21) dont le code de type de TVA (BT-102) est autre que ${O}.`,
};

/** Every BR rule of the schematron with its French text, typography applied. */
export const RULES_FR: ReadonlyMap<string, string> = new Map(
  Object.entries({
    ...CORE,
    ...Object.fromEntries(
      Object.entries(DECIMALS).map(([n, what]) => [
        `BR-DEC-${n}`,
        `${capitalize(what)} doit avoir au plus 2 décimales.`,
      ]),
    ),
    ...Object.assign({}, ...CATEGORIES.map(categoryRules)),
    ...EXTRA,
  }).map(([id, text]) => [id, typography(text as string)]),
);

/** The English text without the `[RULE-ID]-` the schematron puts before it. */
const bare = (english: string) => english.replace(/^\s*\[[A-Za-z0-9-]+\]\s*-?\s*/, '').trim();

/** The rules of its own the Factur-X schematron names in its texts (`[CII-SR-464]-…`), besides EN 16931's. */
const FACTURX_OWN: Record<string, string> = {
  'PEPPOL-EN16931-R008': 'Le document ne doit contenir aucun élément vide.',
  'CII-SR-463': 'Chaque remise ou frais au niveau du document (BG-20, BG-21) doit contenir un indicateur de frais.',
  'CII-SR-464': "Une facture ne peut contenir qu'un seul élément BT-86.",
  'CII-SR-465': "Une facture ne peut contenir qu'un seul élément BT-41.",
  'CII-SR-466': "Une facture ne peut contenir qu'un seul élément BT-56.",
  'BR-CO-27': 'Le compte de paiement (BT-84) doit être donné par son IBAN ou par un identifiant propre.',
  'BR-FX-EN-04':
    "Une facture qui n'est pas une facture d'acompte (code 386) doit indiquer la date de livraison effective (BT-72), la période de facturation (BG-14) ou la période de chaque ligne (BG-26) ; sans BT-72, au moins le pays de livraison (BT-80).",
  'BR-FXEXT-12':
    'Si une ligne de sous-type « GROUP » (EXT-FR-FE-163) a un montant net (BT-131), chaque ligne « GROUP » de niveau inférieur doit en avoir un aussi.',
  'BR-FXEXT-Z-08rev':
    "Dans une ventilation de la TVA (BG-23) de type « Taux zéro », la base d'imposition (BT-116) doit être égale, à 0,01 près par montant, à la somme des montants nets des lignes, moins les remises, plus les frais au niveau du document de ce type.",
};

const NOT_USED = "n'est pas utilisé à cet endroit dans le profil EN 16931 de Factur-X";
/** The Factur-X schematron's structural checks, written from a few sentence patterns. */
const FACTURX_PATTERNS: [RegExp, (name: string) => string][] = [
  [/^Element '([^']+)' must occur exactly 1 times\.$/, (n) => `L'élément ${n} doit figurer exactement une fois.`],
  [/^Element '([^']+)' must occur at least 1 times\.$/, (n) => `L'élément ${n} doit figurer au moins une fois.`],
  [/^Element '([^']+)' may occur at maximum 1 times\.$/, (n) => `L'élément ${n} ne peut figurer qu'une fois.`],
  [
    /^Element variant '(.+)' may occur at maximum 1 times\.$/,
    (n) => `La variante d'élément ${n} ne peut figurer qu'une fois.`,
  ],
  [/^Element '([^']+)' is marked as not used in the given context\.$/, (n) => `L'élément ${n} ${NOT_USED}.`],
  [
    /^Element variant '(.+)' is marked as not used in the given context\.$/,
    (n) => `La variante d'élément ${n} ${NOT_USED.replace('utilisé', 'utilisée')}.`,
  ],
  [/^Attribute @?'?@?([^' ]+)'? marked as not used in the given context\.$/, (n) => `L'attribut @${n} ${NOT_USED}.`],
  [/^Attribute '@?([^']+)' is required in this context\.$/, (n) => `L'attribut @${n} est obligatoire à cet endroit.`],
  [
    /^Value of '(.+)' is not allowed\.$/,
    (n) => `La valeur de ${n} n'est pas autorisée (listes de codes du profil EN 16931 de Factur-X).`,
  ],
];

/** The French text of a Factur-X failure (FX-SCH-*), or null when none is known. */
function facturxMessageFr(message: string): string | null {
  const text = message.trim();
  const repeated = /^\[([^\]]+)\]/.exec(text)?.[1];
  if (repeated) {
    const own = RULES_FR.get(repeated) ?? (FACTURX_OWN[repeated] ? typography(FACTURX_OWN[repeated]) : undefined);
    return own ? `${typography(`Règle ${repeated} du profil Factur-X :`)} ${own}` : null;
  }
  for (const [pattern, french] of FACTURX_PATTERNS) {
    const m = pattern.exec(text);
    // The element names stay as written; only the sentence around them takes French typography.
    if (m) return french(m[1]!).replace(/'(?=[a-zé])/g, '\u2019');
  }
  return null;
}

/**
 * The French text of a failed rule: its own for the EN 16931 business rules (BR-*) and the Factur-X rules that
 * repeat them or have a French text here; the French rules' (BR-FR-*) own, which is French already; for the others
 * (CII syntax CII-SR-*, data types CII-DT-*, the XML schema, well-formedness, other Factur-X rules) a French
 * sentence naming the rule, with the validator's English text.
 */
export function ruleMessageFr(ruleId: string, englishMessage: string): string {
  const own = RULES_FR.get(ruleId);
  if (own) return own;
  if (/^BR-FR\b/.test(ruleId))
    return englishMessage.trim()
      ? typography(englishMessage.trim())
      : typography(`Règle française ${ruleId} non respectée.`);
  if (/^FX-SCH/.test(ruleId)) {
    const french = facturxMessageFr(englishMessage);
    if (french) return french;
  }
  const english = bare(englishMessage);
  const said = (french: string) => (english ? `${typography(french)}\u202f: ${english}` : `${typography(french)}.`);
  if (/^XSD/i.test(ruleId)) return said(`Le XML n'est pas conforme au schéma CII D16B (XSD)`);
  if (/^XML/i.test(ruleId)) return said('Le XML est mal formé');
  if (/^CII-SR-/.test(ruleId)) return said(`Règle de syntaxe CII ${ruleId} non respectée (texte d'origine en anglais)`);
  if (/^CII-DT-/.test(ruleId))
    return said(`Règle de type de données CII ${ruleId} non respectée (texte d'origine en anglais)`);
  if (/^FX-SCH/.test(ruleId))
    return said(`Règle ${ruleId} du profil Factur-X non respectée (texte d'origine en anglais)`);
  return said(`Règle ${ruleId} non respectée (texte d'origine en anglais)`);
}
